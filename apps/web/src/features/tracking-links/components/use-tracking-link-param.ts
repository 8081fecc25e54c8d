import { useParams } from 'react-router';
import { isMissing } from '../../../lib/api-client';
import { useTrackingLink } from '../api/get-tracking-link';

/**
 * The tracking link named in the route (/screeners/{screenerId}/tracking-links/{trackingLinkId}/…),
 * whether it is missing (not found, not this presenter's, or another film's than the one in the route),
 * and, when it could not be loaded at all (server failure, no network), the query to ask again.
 */
export function useTrackingLinkParam() {
  const { screenerId, trackingLinkId = '' } = useParams();
  const link = useTrackingLink(trackingLinkId);
  const foreign = link.data !== undefined && screenerId !== undefined && link.data.video_id !== screenerId;
  const missing = isMissing(link.error) || foreign;
  const failed = link.isError && !link.data && !missing ? link : undefined;
  return { link: foreign ? undefined : link.data, missing, failed };
}
