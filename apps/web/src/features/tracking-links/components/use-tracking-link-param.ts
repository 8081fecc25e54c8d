import { useParams } from 'react-router';
import { useTrackingLink } from '../api/get-tracking-link';

/** The tracking link named in the route (…/tracking-links/{trackingLinkId}/…). */
export function useTrackingLinkParam() {
  const { trackingLinkId = '' } = useParams();
  return useTrackingLink(trackingLinkId);
}
