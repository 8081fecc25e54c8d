import { Group, Table, VisuallyHidden } from '@mantine/core';
import {
  formatDateTime,
  formatEnd,
  formatPercent,
  formatTimeSpent,
  formatWatched,
} from '../../../lib/format';
import { NO_VALUE } from '../../../lib/no-value';
import { sessionWhere } from './session-meta';
import { LiveBadge, ReplayButton, type SessionListProps } from './session-parts';

/** A tracking link's sessions, one row each, with a way into each one's replay. */
export function SessionsTable({ link, sessions, timezone }: SessionListProps) {
  return (
    <Table.ScrollContainer minWidth={640}>
      <Table verticalSpacing="xs" data-testid="sessions-table">
        <Table.Thead>
          <Table.Tr>
            <Table.Th>Started</Table.Th>
            <Table.Th>Ended</Table.Th>
            <Table.Th>Time spent</Table.Th>
            <Table.Th>Views</Table.Th>
            <Table.Th>Watched</Table.Th>
            <Table.Th>Coverage</Table.Th>
            <Table.Th>Where</Table.Th>
            <Table.Th className="table-sticky-end">
              <VisuallyHidden>Replay</VisuallyHidden>
            </Table.Th>
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {sessions.map((s) => (
            <Table.Tr key={s.session_id} data-testid="session-row">
              <Table.Td>
                <Group gap={6} wrap="nowrap" style={{ whiteSpace: 'nowrap' }}>
                  {formatDateTime(s.start, timezone)}
                  {s.live && <LiveBadge />}
                </Group>
              </Table.Td>
              <Table.Td>{s.live ? NO_VALUE : formatEnd(s.end, s.start, timezone)}</Table.Td>
              <Table.Td>{formatTimeSpent(s.time_spent)}</Table.Td>
              <Table.Td>{s.views}</Table.Td>
              <Table.Td>{formatWatched(s.watched_minutes)}</Table.Td>
              <Table.Td>{formatPercent(s.coverage)}</Table.Td>
              <Table.Td style={{ whiteSpace: 'nowrap' }}>{sessionWhere(s)}</Table.Td>
              <Table.Td className="table-sticky-end">
                <ReplayButton
                  videoId={link.video_id}
                  linkId={link.id}
                  sessionId={s.session_id}
                  started={formatDateTime(s.start, timezone)}
                />
              </Table.Td>
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
    </Table.ScrollContainer>
  );
}
