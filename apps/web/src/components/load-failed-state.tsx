import { NotFoundState } from './not-found-state';

/** What a page says when its data could not be loaded (server failure, no network): why, Try again, the way back. */
export function LoadFailedState({
  title,
  query,
  back,
}: {
  title: string;
  query: { refetch: () => unknown; isFetching: boolean };
  back?: { to: string; label: string };
}) {
  return (
    <NotFoundState
      title={title}
      description="Screenroom did not answer. Check your connection, then try again."
      back={back}
      retry={{ onRetry: () => void query.refetch(), retrying: query.isFetching }}
    />
  );
}
