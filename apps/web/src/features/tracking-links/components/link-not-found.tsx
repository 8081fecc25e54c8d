import { useParams } from 'react-router';
import { LoadFailedState } from '../../../components/load-failed-state';
import { NotFoundState } from '../../../components/not-found-state';

/**
 * A viewer's page whose tracking link does not exist (or is not of this film), with the way back; or,
 * given the `failed` query, one whose link could not be loaded, with Try again.
 */
export function LinkNotFound({
  failed,
}: {
  failed?: { error: unknown; refetch: () => unknown; isFetching: boolean };
}) {
  const { screenerId } = useParams();
  const back = { to: `/screeners/${screenerId}/tracking-links`, label: 'Back to all viewers' };
  if (failed) return <LoadFailedState title="This viewer could not be loaded" query={failed} back={back} />;
  return (
    <NotFoundState
      title="This viewer could not be found"
      description="The link may have been deleted, or the address is not quite right."
      back={back}
    />
  );
}
