import {
  Badge,
  Button,
  Card,
  Center,
  Group,
  Pagination,
  SegmentedControl,
  SimpleGrid,
  Skeleton,
  Stack,
  Table,
  Text,
  Title,
} from '@mantine/core';
import type { TrackingLink } from '@screenroom/shared/schemas/tracking-links';
import { IconPlayerPlay } from '@tabler/icons-react';
import { useState } from 'react';
import { Link, useOutletContext } from 'react-router';
import { StatCard } from '../../../components/stat-card';
import {
  formatDateTime,
  formatEnd,
  formatPercent,
  formatTimeSpent,
  formatWatched,
} from '../../../lib/format';
import { usePresenter } from '../../auth/api/session';
import { type SessionsQuery, useSessions } from '../api/get-sessions';
import { useTrackingLinkTotals } from '../api/get-tracking-link-totals';
import { CoverageStrip } from './coverage-strip';
import { replayPath, sessionWhere } from './session-meta';

const PAGE_SIZE = 10;

/** The analytics half of a tracking link's overview: coverage of the film and the sessions, each replayable. */
export function LinkAnalytics() {
  const link = useOutletContext<TrackingLink>();
  const tz = usePresenter().timezone;
  const totals = useTrackingLinkTotals(link.id);
  const [query, setQuery] = useState<SessionsQuery>({ page: 1, limit: PAGE_SIZE, order: 'newest' });
  const sessions = useSessions(link.id, query);
  const t = totals.data;

  return (
    <Stack gap="md" data-testid="link-analytics">
      <SimpleGrid cols={{ base: 2, md: 4 }}>
        <StatCard label="Coverage" value={t && formatPercent(t.coverage)} loading={!t} />
        <StatCard label="Time spent" value={t && formatTimeSpent(t.time_spent)} loading={!t} />
        <StatCard label="First session" value={formatDateTime(t?.first_session_at, tz)} loading={!t} small />
        <StatCard label="Last active" value={formatDateTime(t?.last_active_at, tz)} loading={!t} small />
      </SimpleGrid>
      <Card radius="lg">
        <Text fw={600} mb="xs">
          What of the film they played
        </Text>
        {t ? <CoverageStrip ranges={t.played_ranges} duration={t.duration} /> : <Skeleton h={14} />}
      </Card>
      <Card radius="lg">
        <Group justify="space-between" mb="sm">
          <Title order={4}>Sessions</Title>
          <SegmentedControl
            size="xs"
            value={query.order}
            onChange={(order) => setQuery({ ...query, page: 1, order: order as SessionsQuery['order'] })}
            data={[
              { value: 'newest', label: 'Newest first' },
              { value: 'oldest', label: 'Oldest first' },
            ]}
          />
        </Group>
        {!sessions.data ? (
          <Skeleton h={120} />
        ) : sessions.data.totalResults === 0 ? (
          <Text size="sm" c="dimmed" data-testid="no-sessions">
            This viewer has not opened their link yet.
          </Text>
        ) : (
          <Stack gap="sm">
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
                    <Table.Th className="table-sticky-end" />
                  </Table.Tr>
                </Table.Thead>
                <Table.Tbody>
                  {sessions.data.results.map((s) => (
                    <Table.Tr key={s.session_id} data-testid="session-row">
                      <Table.Td>
                        <Group gap={6} wrap="nowrap" style={{ whiteSpace: 'nowrap' }}>
                          {formatDateTime(s.start, tz)}
                          {s.live && (
                            <Badge size="xs" color="red" variant="light" style={{ flex: 'none' }}>
                              Live
                            </Badge>
                          )}
                        </Group>
                      </Table.Td>
                      <Table.Td>{s.live ? '–' : formatEnd(s.end, s.start, tz)}</Table.Td>
                      <Table.Td>{formatTimeSpent(s.time_spent)}</Table.Td>
                      <Table.Td>{s.views}</Table.Td>
                      <Table.Td>{formatWatched(s.watched_minutes)}</Table.Td>
                      <Table.Td>{formatPercent(s.coverage)}</Table.Td>
                      <Table.Td style={{ whiteSpace: 'nowrap' }}>{sessionWhere(s)}</Table.Td>
                      <Table.Td className="table-sticky-end">
                        <Button
                          component={Link}
                          to={replayPath(link.video_id, link.id, s.session_id)}
                          size="compact-sm"
                          variant="light"
                          leftSection={<IconPlayerPlay size={14} />}
                        >
                          Replay
                        </Button>
                      </Table.Td>
                    </Table.Tr>
                  ))}
                </Table.Tbody>
              </Table>
            </Table.ScrollContainer>
            {sessions.data.totalPages > 1 && (
              <Center>
                <Pagination
                  total={sessions.data.totalPages}
                  value={query.page}
                  onChange={(page) => setQuery({ ...query, page })}
                  size="sm"
                />
              </Center>
            )}
          </Stack>
        )}
      </Card>
    </Stack>
  );
}
