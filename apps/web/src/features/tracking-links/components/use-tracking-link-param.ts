import { useParams } from 'react-router';
import { useTrackingLink } from '../api/get-tracking-link';

/**
 * The tracking link named in the route (/screeners/{screenerId}/tracking-links/{trackingLinkId}/…), and
 * whether it is missing: not found, not this presenter's, or another film's than the one in the route.
 */
export function useTrackingLinkParam() {
  const { screenerId, trackingLinkId = '' } = useParams();
  const link = useTrackingLink(trackingLinkId);
  const foreign = link.data !== undefined && screenerId !== undefined && link.data.video_id !== screenerId;
  return { link: foreign ? undefined : link.data, missing: link.isError || foreign };
}
