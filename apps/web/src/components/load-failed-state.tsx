import { Alert, Button, Group, Text } from '@mantine/core';
import { IconRefresh } from '@tabler/icons-react';
import { ApiError } from '../lib/api-client';
import { messageOf } from '../lib/query-client';
import { NotFoundState } from './not-found-state';

type Retryable = { error: unknown; refetch: () => unknown; isFetching: boolean };

/**
 * Why a load failed, in the presenter's words: no answer at all (ApiError 0: the network, which they can
 * check), a refusal (a 4xx: the server's own reason, "Only administrators can do this.", a Vimeo token
 * without a scope), or anything else (a 5xx: Screenroom answered but failed, which checking the
 * connection would not help).
 */
export function whyLoadFailed(errors: unknown[]) {
  const apiErrors = errors.filter((e) => e instanceof ApiError);
  if (apiErrors.some((e) => e.status === 0))
    return 'Screenroom did not answer. Check your connection, then try again.';
  const refusal = apiErrors.find((e) => e.status >= 400 && e.status < 500);
  if (refusal) return messageOf(refusal);
  return 'Something went wrong on Screenroom’s side. Try again in a moment.';
}

/** A refusal the same request would get again (not a timeout, not too many requests): no Try again. */
const refusedForGood = (error: unknown) =>
  error instanceof ApiError &&
  error.status >= 400 &&
  error.status < 500 &&
  ![408, 429].includes(error.status);

function failedQueries(query: Retryable | Retryable[]) {
  const queries = Array.isArray(query) ? query : [query];
  const errors = queries.map((q) => q.error).filter(Boolean);
  return {
    reason: whyLoadFailed(errors),
    retry: () => queries.forEach((q) => void q.refetch()),
    retrying: queries.some((q) => q.isFetching),
    retryHelps: !errors.every(refusedForGood),
  };
}

/**
 * What a page says when its data could not be loaded: what failed, why (`whyLoadFailed`), Try again
 * (unless the same request would be refused again), the way back. Given several failed queries, Try again asks again for each.
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
  const { reason, retry, retrying, retryHelps } = failedQueries(query);
  return (
    <NotFoundState
      title={title}
      description={reason}
      back={back}
      retry={retryHelps ? { onRetry: retry, retrying } : undefined}
    />
  );
}

/** The same, inline: for a dialog, a drawer or a panel of a page whose data did not load. */
export function LoadFailedNote({ title, query }: { title: string; query: Retryable | Retryable[] }) {
  const { reason, retry, retrying, retryHelps } = failedQueries(query);
  return (
    <Alert color="red" variant="light" title={title} role="alert">
      <Text size="sm">{reason}</Text>
      {retryHelps && (
        <Group mt="sm">
          <Button
            size="xs"
            variant="default"
            leftSection={<IconRefresh size={16} />}
            loading={retrying}
            onClick={retry}
          >
            Try again
          </Button>
        </Group>
      )}
    </Alert>
  );
}
