import { Alert, Button, Group, Text } from '@mantine/core';
import { IconRefresh } from '@tabler/icons-react';
import { ApiError } from '../lib/api-client';
import { NotFoundState } from './not-found-state';

type Retryable = { error: unknown; refetch: () => unknown; isFetching: boolean };

/**
 * Why a load failed, in the presenter's words: no answer at all (ApiError 0: the network, which they can
 * check), a refusal (403: their account, which Try again will not change by itself), or anything else
 * (a 5xx: Screenroom answered but failed, which checking the connection would not help).
 */
export function whyLoadFailed(errors: unknown[]) {
  const statuses = errors.map((e) => (e instanceof ApiError ? e.status : undefined));
  if (statuses.includes(0)) return 'Screenroom did not answer. Check your connection, then try again.';
  if (statuses.includes(403)) return 'Your account is not allowed to see this.';
  return 'Something went wrong on Screenroom’s side. Try again in a moment.';
}

function failedQueries(query: Retryable | Retryable[]) {
  const queries = Array.isArray(query) ? query : [query];
  return {
    reason: whyLoadFailed(queries.map((q) => q.error).filter(Boolean)),
    retry: () => queries.forEach((q) => void q.refetch()),
    retrying: queries.some((q) => q.isFetching),
  };
}

/**
 * What a page says when its data could not be loaded: what failed, why (`whyLoadFailed`), Try again, the
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
  const { reason, retry, retrying } = failedQueries(query);
  return (
    <NotFoundState title={title} description={reason} back={back} retry={{ onRetry: retry, retrying }} />
  );
}

/** The same, inline: for a dialog, a drawer or a panel of a page whose data did not load. */
export function LoadFailedNote({ title, query }: { title: string; query: Retryable | Retryable[] }) {
  const { reason, retry, retrying } = failedQueries(query);
  return (
    <Alert color="red" variant="light" title={title} role="alert">
      <Text size="sm">{reason}</Text>
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
    </Alert>
  );
}
