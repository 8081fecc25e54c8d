import { Navigate, useParams } from 'react-router';

/** /screener/{id}/tracking-links/… (the specification's second form) → /screeners/{id}/tracking-links/…. */
export function ScreenerTrackingLinksRedirect() {
  const { screenerId, trackingLinkId, '*': rest } = useParams();
  if (!screenerId) return <Navigate to="/screeners" replace />;
  const tail = trackingLinkId ? `/${trackingLinkId}/${rest ?? 'overview'}` : '';
  return <Navigate to={`/screeners/${screenerId}/tracking-links${tail}`} replace />;
}
