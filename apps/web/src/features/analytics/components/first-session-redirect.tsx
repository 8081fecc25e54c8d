import { Button, Card, Stack, Text, Title } from '@mantine/core';
import { Link, Navigate } from 'react-router';
import { PageLoader } from '../../../components/page-loader';
import { useSessions } from '../api/get-sessions';

/** The replay order: a viewer's sessions as they happened, first one first. */
export const REPLAY_ORDER = 'oldest' as const;

type Props = { trackingLinkId: string; backTo: string };

/**
 * /analytics/…/tracking-links/{id} without `sid`: opens the link's first session (replacing the
 * address, so Back does not land here again), or says there is nothing to replay.
 */
export function FirstSessionRedirect({ trackingLinkId, backTo }: Props) {
  const first = useSessions(trackingLinkId, { page: 1, limit: 1, order: REPLAY_ORDER });
  // A page kept from another link while this one loads must not decide where to go.
  if (first.isPending || first.isPlaceholderData) return <PageLoader />;
  const session = first.data?.results[0];
  if (session) return <Navigate to={{ search: `?sid=${session.session_id}` }} replace />;
  return (
    <Card radius="lg" p="xl" maw={560} mx="auto" mt="xl" data-testid="replay-empty">
      <Stack align="center" ta="center" gap="xs">
        <Title order={3}>Nothing to replay yet</Title>
        <Text c="dimmed">
          {first.isError
            ? 'The sessions of this link could not be loaded.'
            : 'This viewer has not opened their link. Each visit will appear here, ready to replay.'}
        </Text>
        <Button component={Link} to={backTo} variant="light" mt="sm">
          Back to the viewer
        </Button>
      </Stack>
    </Card>
  );
}
