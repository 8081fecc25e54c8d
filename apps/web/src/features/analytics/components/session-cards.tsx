import { Card, Group, Stack, Text } from '@mantine/core';
import {
  formatDateTime,
  formatEnd,
  formatPercent,
  formatTimeSpent,
  formatWatched,
} from '../../../lib/format';
import { sessionWhere } from './session-meta';
import { LiveBadge, ReplayButton, type SessionListProps } from './session-parts';

/** On a phone, one card per session: the eight-column table showed a column and a half at a time. */
export function SessionCards({ link, sessions, timezone }: SessionListProps) {
  return (
    <Stack gap="xs" data-testid="session-cards">
      {sessions.map((s) => (
        <Card key={s.session_id} withBorder radius="md" p="sm" data-testid="session-row">
          <Group justify="space-between" wrap="nowrap" gap="xs">
            <Group gap={6} wrap="nowrap" style={{ minWidth: 0 }}>
              <Text size="sm" fw={600} truncate>
                {formatDateTime(s.start, timezone)}
              </Text>
              {s.live && <LiveBadge />}
            </Group>
            <ReplayButton
              videoId={link.video_id}
              linkId={link.id}
              sessionId={s.session_id}
              started={formatDateTime(s.start, timezone)}
            />
          </Group>
          <Text size="sm" mt={4}>
            {s.views} view{s.views === 1 ? '' : 's'} · {formatWatched(s.watched_minutes)} watched ·{' '}
            {formatPercent(s.coverage)} of the film
          </Text>
          <Text size="xs" c="dimmed">
            {s.live ? 'Watching now' : `Ended ${formatEnd(s.end, s.start, timezone)}`} ·{' '}
            {formatTimeSpent(s.time_spent)} on the page · {sessionWhere(s)}
          </Text>
        </Card>
      ))}
    </Stack>
  );
}
