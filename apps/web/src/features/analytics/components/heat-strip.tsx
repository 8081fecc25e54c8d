import { Box, Group, Text, Tooltip } from '@mantine/core';
import type { HeatMinute } from '@screenroom/shared/schemas/analytics';
import { FiguresTable } from '../../../components/figures-table';
import { formatDuration } from '../../../lib/duration';

type Props = { heatMap: HeatMinute[]; duration: number | null };

/** Up to this many minutes, a cell is a large part of the film: one viewer's few seconds light it all. */
const SHORT_FILM_MINUTES = 3;

/**
 * The film minute by minute, each cell as bright as the share of viewers who played some of it: where
 * the audience stays, and where it drops off.
 */
export function HeatStrip({ heatMap, duration }: Props) {
  const minutes = Math.max(
    Math.ceil((duration ?? 0) / 60),
    heatMap.length ? Math.max(...heatMap.map((h) => h.minute)) + 1 : 0,
  );
  const byMinute = new Map(heatMap.map((h) => [h.minute, h.viewers]));
  const max = Math.max(1, ...heatMap.map((h) => h.viewers));
  if (minutes === 0) return null;
  const cells = Array.from({ length: minutes }, (_, minute) => ({
    minute,
    viewers: byMinute.get(minute) ?? 0,
  }));
  return (
    <Box>
      <Box
        data-testid="heat-strip"
        role="img"
        aria-label={`Viewers minute by minute over ${minutes} min, at most ${max} viewer${max === 1 ? '' : 's'}`}
        style={{ display: 'grid', gridTemplateColumns: `repeat(${minutes}, minmax(0, 1fr))`, gap: 2 }}
      >
        {cells.map(({ minute, viewers }) => {
          const label = `Minute ${minute + 1}: ${viewers} viewer${viewers === 1 ? '' : 's'}`;
          return (
            <Tooltip key={minute} label={label} withinPortal openDelay={100}>
              <Box
                h={40}
                style={{
                  borderRadius: 3,
                  background:
                    viewers === 0
                      ? 'var(--mantine-color-default-border)'
                      : `color-mix(in srgb, var(--mantine-color-violet-5) ${Math.round(25 + (75 * viewers) / max)}%, transparent)`,
                }}
              />
            </Tooltip>
          );
        })}
      </Box>
      <Group justify="space-between" mt={4}>
        <Text size="xs" c="dimmed">
          0:00
        </Text>
        {/* The film's own length, as under the coverage strip; the last cell may be part of a minute. */}
        <Text size="xs" c="dimmed">
          {duration && Math.ceil(duration / 60) === minutes ? formatDuration(duration) : `${minutes} min`}
        </Text>
      </Group>
      {/* The shades alone did not say what they count: 4 viewers and 3 looked alike. */}
      <Text size="xs" c="dimmed" mt={4} data-testid="heat-strip-legend">
        The brighter, the more viewers: the brightest is {max} viewer{max === 1 ? '' : 's'}, grey is nobody.
      </Text>
      {duration !== null && duration <= SHORT_FILM_MINUTES * 60 && (
        <Text size="xs" c="dimmed" mt={4} data-testid="heat-strip-short-film">
          A film this short has {minutes === 1 ? 'one cell' : `${minutes} cells`}: a viewer who played a few
          seconds lights a whole minute. A viewer’s session shows exactly which seconds they played.
        </Text>
      )}
      <FiguresTable
        caption="Viewers minute by minute"
        head={['Minute', 'Viewers']}
        rows={cells.map(({ minute, viewers }) => [minute + 1, viewers])}
      />
    </Box>
  );
}
