import '@mantine/charts/styles.css';
import { CompositeChart } from '@mantine/charts';
import type { DailyPoint } from '@screenroom/shared/schemas/analytics';
import dayjs from 'dayjs';
import { FiguresTable } from '../../../components/figures-table';
import { formatWatched } from '../../../lib/format';

/**
 * Everything drawn with @mantine/charts (recharts underneath, about 170 kB gzipped): this module is only
 * ever imported lazily, so the rest of the app does not carry it.
 */

/** Sessions (bars, left axis) and watched minutes (line, right axis) per day. */
export function DailyChart({ daily }: { daily: DailyPoint[] }) {
  const data = daily.map((d) => ({ ...d, day: dayjs(d.date).format('D MMM') }));
  return (
    <>
      <CompositeChart
        h={240}
        role="img"
        aria-label="Sessions and watched minutes per day"
        // The chart's own keyboard layer is a nameless tab stop that says nothing: the figures are below.
        composedChartProps={{ accessibilityLayer: false }}
        data={data}
        dataKey="day"
        withLegend
        withRightYAxis
        rightYAxisLabel="Minutes"
        yAxisLabel="Sessions"
        // Sessions are counted whole: no 0.25 session ticks.
        yAxisProps={{ allowDecimals: false }}
        maxBarWidth={28}
        valueFormatter={(v) => String(Math.round(v * 100) / 100)}
        series={[
          { name: 'sessions', label: 'Sessions', color: 'violet.5', type: 'bar' },
          {
            name: 'watched_minutes',
            label: 'Watched minutes',
            color: 'teal.5',
            type: 'line',
            yAxisId: 'right',
          },
        ]}
      />
      <FiguresTable
        caption="Sessions and watched minutes per day"
        head={['Day', 'Sessions', 'Watched']}
        rows={data.map((d) => [d.day, d.sessions, formatWatched(d.watched_minutes)])}
      />
    </>
  );
}
