import { useParams } from 'react-router';
import { NotFoundState } from '../../../components/not-found-state';

/** A viewer's page whose tracking link does not exist (or is not of this film), with the way back. */
export function LinkNotFound() {
  const { screenerId } = useParams();
  return (
    <NotFoundState
      title="This viewer could not be found"
      description="The link may have been deleted, or the address is not quite right."
      back={{ to: `/screeners/${screenerId}/tracking-links`, label: 'Back to all viewers' }}
    />
  );
}
