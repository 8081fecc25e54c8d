import { useEffect } from 'react';
import { Navigate } from 'react-router';
import { PageLoader } from '../../../components/page-loader';
import { useVideos } from '../../videos/api/get-videos';

/**
 * `/`: the first film's tracking links, or the screener list when there is none. `prefetch` starts
 * loading the film page's code at once, so it arrives with the list instead of after it.
 */
export function HomeRedirect({ prefetch }: { prefetch?: () => void }) {
  const videos = useVideos();
  useEffect(() => prefetch?.(), [prefetch]);
  if (videos.isPending) return <PageLoader />;
  const first = videos.data?.[0];
  // The page it goes to loads its code first, and this one stays on screen meanwhile: a loader, not blank.
  return (
    <>
      <Navigate to={first ? `/screeners/${first.id}/tracking-links` : '/screeners'} replace />
      <PageLoader />
    </>
  );
}
