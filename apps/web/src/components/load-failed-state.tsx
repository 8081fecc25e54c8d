import { NotFoundState } from './not-found-state';

type Retryable = { refetch: () => unknown; isFetching: boolean };

/**
 * What a page says when its data could not be loaded (server failure, no network): why, Try again, the
 * way back. Given several failed queries, Try again asks again for each.
 */
export function LoadFailedState({
  title,
  query,
  back,
}: {
  title: string;
  query: Retryable | Retryable[];
  back?: { to: string; label: string };
}) {
  const queries = Array.isArray(query) ? query : [query];
  return (
    <NotFoundState
      title={title}
      description="Screenroom did not answer. Check your connection, then try again."
      back={back}
      retry={{
        onRetry: () => queries.forEach((q) => void q.refetch()),
        retrying: queries.some((q) => q.isFetching),
      }}
    />
  );
}
