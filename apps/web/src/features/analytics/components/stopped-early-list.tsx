import { Anchor, Card, Stack, Table, Text } from '@mantine/core';
import type { StoppedEarlyViewer } from '@screenroom/shared/schemas/analytics';
import { viewerLabel } from '@screenroom/shared/viewer-label';
import { Link } from 'react-router';
import { formatDateTime, formatPercent, formatWatched } from '../../../lib/format';
import { usePhone } from '../../../lib/use-phone';

type Props = { videoId: string; viewers: StoppedEarlyViewer[]; timezone: string };

/** Opening the link without pressing play is the earliest stop of all: said in words. */
const coverageOf = (v: StoppedEarlyViewer) =>
  v.watched_minutes > 0 ? formatPercent(v.coverage) : 'Did not play';

function ViewerLink({ videoId, viewer }: { videoId: string; viewer: StoppedEarlyViewer }) {
  return (
    <Anchor
      component={Link}
      to={`/screeners/${videoId}/tracking-links/${viewer.tracking_link_id}/overview`}
      size="sm"
      fw={500}
    >
      {viewerLabel({ ...viewer, id: viewer.tracking_link_id })}
    </Anchor>
  );
}

/**
 * Viewers who opened their link but played less than half of the film: a table, or on a phone one card
 * each (five columns showed two and a half at a time).
 */
export function StoppedEarlyList({ videoId, viewers, timezone }: Props) {
  const phone = usePhone();
  if (phone) {
    return (
      <Stack gap="xs" data-testid="stopped-early-cards">
        {viewers.map((v) => (
          <Card key={v.tracking_link_id} withBorder radius="md" p="sm" data-testid="stopped-early-row">
            <ViewerLink videoId={videoId} viewer={v} />
            <Text size="sm" mt={4}>
              {v.watched_minutes > 0 ? `${coverageOf(v)} of the film` : coverageOf(v)} ·{' '}
              {formatWatched(v.watched_minutes)} watched · {v.sessions} session{v.sessions === 1 ? '' : 's'}
            </Text>
            <Text size="xs" c="dimmed">
              Last seen {formatDateTime(v.last_active_at, timezone)}
            </Text>
          </Card>
        ))}
      </Stack>
    );
  }
  return (
    <Table.ScrollContainer minWidth={560}>
      <Table verticalSpacing="xs">
        <Table.Thead>
          <Table.Tr>
            <Table.Th>Viewer</Table.Th>
            <Table.Th>Coverage</Table.Th>
            <Table.Th>Watched</Table.Th>
            <Table.Th>Sessions</Table.Th>
            <Table.Th>Last seen</Table.Th>
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {viewers.map((v) => (
            <Table.Tr key={v.tracking_link_id} data-testid="stopped-early-row">
              <Table.Td>
                <ViewerLink videoId={videoId} viewer={v} />
              </Table.Td>
              <Table.Td>{coverageOf(v)}</Table.Td>
              <Table.Td>{formatWatched(v.watched_minutes)}</Table.Td>
              <Table.Td>{v.sessions}</Table.Td>
              <Table.Td>{formatDateTime(v.last_active_at, timezone)}</Table.Td>
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
    </Table.ScrollContainer>
  );
}
