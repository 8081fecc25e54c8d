import { Box, Group, Text } from '@mantine/core';
import { formatDuration } from '../../../lib/duration';

type Props = { ranges: [number, number][]; duration: number | null; cursor?: number | null; height?: number };

/**
 * The film's length as a bar, with the stretches the viewer played filled in; `cursor` marks a
 * position (the replay's viewer).
 */
export function CoverageStrip({ ranges, duration, cursor = null, height = 14 }: Props) {
  const length = duration && duration > 0 ? duration : Math.max(1, ...ranges.map(([, end]) => end));
  const pct = (seconds: number) => `${(Math.max(0, Math.min(length, seconds)) / length) * 100}%`;
  return (
    <Box>
      <Box
        data-testid="coverage-strip"
        pos="relative"
        h={height}
        style={{ borderRadius: 4, overflow: 'hidden', background: 'var(--mantine-color-default-border)' }}
      >
        {ranges.map(([start, end]) => (
          <Box
            key={`${start}-${end}`}
            pos="absolute"
            top={0}
            bottom={0}
            bg="teal.6"
            style={{ left: pct(start), width: `calc(${pct(end)} - ${pct(start)})`, minWidth: 2 }}
          />
        ))}
        {cursor !== null && (
          <Box
            data-testid="position-cursor"
            pos="absolute"
            top={0}
            bottom={0}
            w={3}
            bg="yellow.4"
            style={{ left: pct(cursor), transform: 'translateX(-1px)' }}
          />
        )}
      </Box>
      <Group justify="space-between" mt={4}>
        <Text size="xs" c="dimmed">
          0:00
        </Text>
        <Text size="xs" c="dimmed">
          {formatDuration(length)}
        </Text>
      </Group>
    </Box>
  );
}
