import { Badge, Center, Group, NavLink, Pagination, Skeleton, Stack, Text } from '@mantine/core';
import type { SessionsPage } from '@screenroom/shared/schemas/analytics';
import { Link } from 'react-router';
import { formatDateTime, formatTimeSpent, formatWatched } from '../../../lib/format';
import { usePresenter } from '../../auth/api/session';
import { sessionWhere } from './session-meta';

type Props = {
  page: SessionsPage | undefined;
  currentId: string;
  pathFor: (sessionId: string) => string;
  onPage: (page: number) => void;
};

/** The link's sessions beside the replay, the one replayed highlighted. */
export function ReplaySessionList({ page, currentId, pathFor, onPage }: Props) {
  const tz = usePresenter().timezone;
  if (!page) return <Skeleton h={240} radius="md" />;
  return (
    <Stack gap={4} data-testid="replay-sessions">
      {page.results.map((s, i) => (
        <NavLink
          key={s.session_id}
          component={Link}
          to={pathFor(s.session_id)}
          active={s.session_id === currentId}
          data-testid="replay-session"
          data-session-id={s.session_id}
          variant="light"
          style={{ borderRadius: 'var(--mantine-radius-md)' }}
          label={
            <Group gap={6} wrap="nowrap">
              <Text size="sm" fw={500}>
                Session {(page.page - 1) * page.limit + i + 1}
              </Text>
              {s.live && (
                <Badge size="xs" color="red" variant="light">
                  Live
                </Badge>
              )}
            </Group>
          }
          description={
            <>
              {formatDateTime(s.start, tz)} · {formatTimeSpent(s.time_spent)} ·{' '}
              {formatWatched(s.watched_minutes)} watched
              <br />
              {sessionWhere(s)}
            </>
          }
        />
      ))}
      {page.totalPages > 1 && (
        <Center mt="xs">
          <Pagination total={page.totalPages} value={page.page} onChange={onPage} size="xs" />
        </Center>
      )}
    </Stack>
  );
}
