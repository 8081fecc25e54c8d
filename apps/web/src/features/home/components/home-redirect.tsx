import { Navigate } from 'react-router';
import { PageLoader } from '../../../components/page-loader';
import { useVideos } from '../../videos/api/get-videos';

/** `/`: the first film's tracking links, or the screener list when there is none. */
export function HomeRedirect() {
  const videos = useVideos();
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
