import {
  Card,
  Center,
  Group,
  Pagination,
  SegmentedControl,
  SimpleGrid,
  Skeleton,
  Stack,
  Text,
  Title,
} from '@mantine/core';
import type { TrackingLink } from '@screenroom/shared/schemas/tracking-links';
import { useState } from 'react';
import { useOutletContext } from 'react-router';
import { StatCard } from '../../../components/stat-card';
import { formatDateTime, formatPercent, formatTimeSpent } from '../../../lib/format';
import { usePhone } from '../../../lib/use-phone';
import { usePresenter } from '../../auth/api/session';
import { type SessionsQuery, useSessions } from '../api/get-sessions';
import { useTrackingLinkTotals } from '../api/get-tracking-link-totals';
import { CoverageStrip } from './coverage-strip';
import { SessionCards } from './session-cards';
import { SessionsTable } from './sessions-table';

const PAGE_SIZE = 10;

/** The analytics half of a tracking link's overview: coverage of the film and the sessions, each replayable. */
export function LinkAnalytics() {
  const link = useOutletContext<TrackingLink>();
  const tz = usePresenter().timezone;
  const totals = useTrackingLinkTotals(link.id);
  const [query, setQuery] = useState<SessionsQuery>({ page: 1, limit: PAGE_SIZE, order: 'newest' });
  const sessions = useSessions(link.id, query);
  const t = totals.data;
  const phone = usePhone();

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
            {phone ? (
              <SessionCards link={link} sessions={sessions.data.results} timezone={tz} />
            ) : (
              <SessionsTable link={link} sessions={sessions.data.results} timezone={tz} />
            )}
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
