import '@mantine/charts/styles.css';
import { BarChart } from '@mantine/charts';
import { SegmentedControl } from '@mantine/core';
import type { DailyPoint } from '@screenroom/shared/schemas/analytics';
import dayjs from 'dayjs';
import { useState } from 'react';
import { FiguresTable } from '../../../components/figures-table';
import { formatWatched } from '../../../lib/format';
import { watchedAxis } from '../watched-axis';

/**
 * Everything drawn with @mantine/charts (recharts underneath, about 170 kB gzipped): this module is only
 * ever imported lazily, so the rest of the app does not carry it.
 */

type DailyMetric = 'sessions' | 'watched_minutes';

const METRICS: Record<DailyMetric, { label: string; axis: string; color: string }> = {
  sessions: { label: 'Sessions', axis: 'Sessions', color: 'violet.5' },
  watched_minutes: { label: 'Watched time', axis: 'Watched', color: 'teal.5' },
};

/**
 * Sessions or watched time per day, one at a time: two scales on one chart (bars on the left axis, a
 * line on the right) let a presenter compare heights that mean nothing to each other.
 */
export function DailyChart({ daily }: { daily: DailyPoint[] }) {
  const [metric, setMetric] = useState<DailyMetric>('sessions');
  const { label, axis, color } = METRICS[metric];
  const data = daily.map((d) => ({ ...d, day: dayjs(d.date).format('D MMM') }));
  const watched = watchedAxis(Math.max(0, ...daily.map((d) => d.watched_minutes)));
  return (
    <>
      <SegmentedControl
        size="xs"
        mb="sm"
        value={metric}
        onChange={(value) => setMetric(value as DailyMetric)}
        data={(Object.keys(METRICS) as DailyMetric[]).map((value) => ({
          value,
          label: METRICS[value].label,
        }))}
        aria-label="Show per day"
      />
      <BarChart
        h={240}
        role="img"
        aria-label={`${label} per day`}
        // The chart's own keyboard layer is a nameless tab stop that says nothing: the figures are below.
        barChartProps={{ accessibilityLayer: false }}
        data={data}
        dataKey="day"
        yAxisLabel={axis}
        // Sessions are counted whole (no 0.25 session ticks); watched time in round seconds, minutes or hours.
        yAxisProps={
          metric === 'sessions'
            ? { allowDecimals: false }
            : { ticks: watched.ticks, domain: [0, watched.ticks.at(-1) ?? 1], tickFormatter: watched.label }
        }
        maxBarWidth={28}
        valueFormatter={metric === 'sessions' ? String : formatWatched}
        series={[{ name: metric, label, color }]}
      />
      <FiguresTable
        caption="Sessions and watched minutes per day"
        head={['Day', 'Sessions', 'Watched']}
        rows={data.map((d) => [d.day, d.sessions, formatWatched(d.watched_minutes)])}
      />
    </>
  );
}
