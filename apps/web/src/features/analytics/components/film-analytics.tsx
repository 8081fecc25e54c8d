import {
  Box,
  Button,
  Card,
  Grid,
  Group,
  Progress,
  SimpleGrid,
  Skeleton,
  Stack,
  Text,
  Title,
} from '@mantine/core';
import type { BreakdownRow, ViewersOverview } from '@screenroom/shared/schemas/analytics';
import type { Video } from '@screenroom/shared/schemas/videos';
import { IconShare } from '@tabler/icons-react';
import { lazy, type ReactNode, Suspense } from 'react';
import { Link, useOutletContext } from 'react-router';
import { LoadFailedState } from '../../../components/load-failed-state';
import { StatCard } from '../../../components/stat-card';
import { countryLabel } from '../../../lib/country-label';
import { deviceLabel, formatDateTime, formatPercent, formatWatched } from '../../../lib/format';
import { usePresenter } from '../../auth/api/session';
import { useClientSideOverview } from '../api/get-client-side-overview';
import { useVideoOverview } from '../api/get-video-overview';
import { useViewersOverview } from '../api/get-viewers-overview';
import { HeatStrip } from './heat-strip';
import { StoppedEarlyList } from './stopped-early-list';

const DailyChart = lazy(() => import('./charts').then((m) => ({ default: m.DailyChart })));

function Section({ title, children, testId }: { title: string; children: ReactNode; testId?: string }) {
  return (
    <Card radius="lg" data-testid={testId}>
      <Title order={4} mb="sm">
        {title}
      </Title>
      {children}
    </Card>
  );
}

const chartFallback = (h: number) => <Skeleton h={h} radius="md" />;

function Funnel({ viewers }: { viewers: ViewersOverview }) {
  const steps = [
    // Every viewer with a link, however it reached them (invitation, access link, anonymous link).
    { label: 'Given a link', value: viewers.invited },
    { label: 'Opened their link', value: viewers.opened },
    { label: 'Watched more than half', value: viewers.watched_half },
    { label: 'Finished', value: viewers.finished },
  ];
  return (
    <Stack gap="sm" data-testid="viewers-funnel">
      {steps.map((step) => (
        <div key={step.label}>
          <Group justify="space-between" mb={2}>
            <Text size="sm">{step.label}</Text>
            <Text size="sm" fw={600}>
              {step.value}
            </Text>
          </Group>
          <Progress
            value={viewers.invited ? (100 * step.value) / viewers.invited : 0}
            color="violet"
            aria-label={`${step.label}: ${step.value} of ${viewers.invited}`}
          />
        </div>
      ))}
    </Stack>
  );
}

/**
 * Sessions by country, device or browser: the name above its bar, as in the Viewers card. Names inside
 * the bars (the charts library's) spilled out of short ones ("Firefox 125" over the next row).
 */
function BreakdownBars({ rows }: { rows: { name: string; value: number }[] }) {
  const most = Math.max(...rows.map((r) => r.value), 1);
  return (
    <Stack gap="sm" data-testid="breakdown">
      <Text size="xs" c="dimmed" ta="right" mb={-6}>
        Sessions
      </Text>
      {rows.map((row) => (
        <div key={row.name}>
          <Group justify="space-between" wrap="nowrap" gap="xs" mb={2}>
            <Text size="sm" truncate title={row.name}>
              {row.name}
            </Text>
            <Text size="sm" fw={600}>
              {row.value}
            </Text>
          </Group>
          <Progress
            value={(100 * row.value) / most}
            color="violet"
            aria-label={`${row.name}: ${row.value} session${row.value === 1 ? '' : 's'}`}
          />
        </div>
      ))}
    </Stack>
  );
}

function Breakdown({
  title,
  rows,
  name,
}: {
  title: string;
  rows: BreakdownRow[];
  name: (v: string) => string;
}) {
  return (
    <Section title={title}>
      {rows.length === 0 ? (
        <Text size="sm" c="dimmed">
          Nothing yet.
        </Text>
      ) : (
        <BreakdownBars rows={rows.slice(0, 8).map((r) => ({ name: name(r.value), value: r.sessions }))} />
      )}
    </Section>
  );
}

/** The analytics half of /screeners/{id}/overview: who watched, how much, where and on what. */
export function FilmAnalytics() {
  const video = useOutletContext<Video>();
  const tz = usePresenter().timezone;
  const overview = useVideoOverview(video.id);
  const viewers = useViewersOverview(video.id);
  const audience = useClientSideOverview(video.id);
  const o = overview.data;
  const loading = overview.isPending;
  const failed = [overview, viewers, audience].filter((q) => q.isError && !q.data);

  if (failed.length > 0) {
    return <LoadFailedState title="The audience figures could not be loaded" query={failed} />;
  }

  if (o && o.tracking_links === 0) {
    return (
      <Card radius="lg" p="xl" data-testid="film-analytics-empty">
        <Stack align="center" ta="center" gap="xs">
          <Title order={3} size="h4">
            No one has this film yet
          </Title>
          <Text c="dimmed" size="sm" maw={460}>
            Give each viewer a link of their own: you will see here who opened it, how much they watched, and
            where they stopped.
          </Text>
          <Button
            component={Link}
            to={`/screeners/${video.id}/dialog/share-options`}
            leftSection={<IconShare size={16} />}
          >
            Share
          </Button>
        </Stack>
      </Card>
    );
  }

  return (
    <Stack gap="md" data-testid="film-analytics">
      <Group justify="space-between" align="baseline">
        <Title order={3}>Audience</Title>
        {o?.last_active_at && (
          <Text size="sm" c="dimmed">
            Last watched {formatDateTime(o.last_active_at, tz)}
          </Text>
        )}
      </Group>
      <SimpleGrid cols={{ base: 2, sm: 3, lg: 6 }} data-testid="film-figures">
        <StatCard
          testId="figure-tracking-links"
          label="Tracking links"
          value={o?.tracking_links}
          loading={loading}
        />
        <StatCard
          testId="figure-viewers-opened"
          label="Viewers opened"
          value={o?.viewers_opened}
          loading={loading}
        />
        <StatCard testId="figure-sessions" label="Sessions" value={o?.sessions} loading={loading} />
        <StatCard testId="figure-views" label="Views" value={o?.views} loading={loading} />
        <StatCard
          testId="figure-watched-minutes"
          label="Watched"
          value={o && formatWatched(o.watched_minutes)}
          loading={loading}
        />
        <StatCard
          testId="figure-average-coverage"
          label="Average coverage"
          value={o && formatPercent(o.average_coverage)}
          loading={loading}
        />
      </SimpleGrid>
      <Grid gap="md">
        <Grid.Col span={{ base: 12, md: 8 }}>
          <Section title="Day by day">
            {!o ? (
              chartFallback(240)
            ) : o.daily.length === 0 ? (
              <Text size="sm" c="dimmed">
                No sessions yet.
              </Text>
            ) : (
              <Suspense fallback={chartFallback(240)}>
                <Box data-testid="daily-chart">
                  <DailyChart daily={o.daily} />
                </Box>
              </Suspense>
            )}
          </Section>
        </Grid.Col>
        <Grid.Col span={{ base: 12, md: 4 }}>
          <Section title="Viewers">
            {viewers.data ? <Funnel viewers={viewers.data} /> : chartFallback(180)}
          </Section>
        </Grid.Col>
      </Grid>
      <Section title="Minute by minute" testId="heat-map">
        <Text size="sm" c="dimmed" mb="sm">
          How many viewers played each minute of the film.
        </Text>
        {o ? <HeatStrip heatMap={o.heat_map} duration={o.duration ?? video.duration} /> : chartFallback(40)}
      </Section>
      <SimpleGrid cols={{ base: 1, md: 3 }}>
        {audience.data ? (
          <>
            <Breakdown title="Countries" rows={audience.data.countries} name={countryLabel} />
            <Breakdown title="Devices" rows={audience.data.devices} name={deviceLabel} />
            <Breakdown title="Browsers" rows={audience.data.browsers} name={(v) => v} />
          </>
        ) : (
          [1, 2, 3].map((i) => <Skeleton key={i} h={160} radius="lg" />)
        )}
      </SimpleGrid>
      <Section title="Opened but stopped early" testId="stopped-early">
        {!viewers.data ? (
          chartFallback(80)
        ) : viewers.data.stopped_early.length === 0 ? (
          <Text size="sm" c="dimmed">
            No one stopped before half of the film.
          </Text>
        ) : (
          <StoppedEarlyList videoId={video.id} viewers={viewers.data.stopped_early} timezone={tz} />
        )}
      </Section>
    </Stack>
  );
}
