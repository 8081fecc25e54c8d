import { Box, Group, ScrollArea, Slider, Stack, Text, Tooltip, UnstyledButton } from '@mantine/core';
import { useEffect, useMemo, useRef } from 'react';
import { formatDuration } from '../../../lib/duration';
import { eventColor, eventLabel, isShownOnTimeline } from '../event-labels';
import type { ReplayTimeline as Timeline } from '../replay-clock';

type Props = {
  timeline: Timeline;
  clockMs: number;
  /** Index of the last event at or before the clock. */
  currentIndex: number;
  onSeek: (offsetMs: number) => void;
};

const clockLabel = (ms: number) => formatDuration(ms / 1000);

/**
 * The session on one line: its events as coloured ticks over the session's time, a cursor where the
 * replay is (draggable), and below, the events in words with the current one highlighted.
 */
export function ReplayTimeline({ timeline, clockMs, currentIndex, onSeek }: Props) {
  const duration = Math.max(1, timeline.durationMs);
  const shown = useMemo(
    () =>
      timeline.marks
        .map((mark, index) => ({ mark, index }))
        .filter(({ mark }) => isShownOnTimeline(mark.type)),
    [timeline],
  );
  const current = shown.filter(({ index }) => index <= currentIndex).at(-1)?.index ?? -1;
  const activeRef = useRef<HTMLButtonElement | null>(null);
  const viewportRef = useRef<HTMLDivElement | null>(null);
  // Keeps the current event in view inside the list (never scrolls the page itself).
  useEffect(() => {
    const item = activeRef.current;
    const viewport = viewportRef.current;
    if (current < 0 || !item || !viewport) return;
    const top = item.getBoundingClientRect().top - viewport.getBoundingClientRect().top + viewport.scrollTop;
    viewport.scrollTop = Math.max(0, top - viewport.clientHeight / 2);
  }, [current]);

  return (
    <Stack gap="xs">
      <Box pos="relative" h={16} mx={8} aria-hidden>
        {shown.map(({ mark, index }) => (
          <Tooltip key={mark.seq} label={eventLabel(mark.type, mark.position, mark.data)} withinPortal>
            <Box
              pos="absolute"
              top={0}
              w={4}
              h={16}
              bg={`${eventColor(mark.type, mark.data)}.5`}
              opacity={index <= currentIndex ? 1 : 0.45}
              style={{
                left: `${(mark.offsetMs / duration) * 100}%`,
                borderRadius: 2,
                transform: 'translateX(-2px)',
              }}
            />
          </Tooltip>
        ))}
      </Box>
      <Slider
        thumbLabel="Replay position"
        thumbValueText={(ms) => `${clockLabel(ms)} of ${clockLabel(timeline.durationMs)}`}
        data-testid="replay-slider"
        min={0}
        max={duration}
        step={100}
        value={Math.min(clockMs, duration)}
        onChange={onSeek}
        label={clockLabel}
        color="yellow"
        size="sm"
      />
      <Group justify="space-between">
        <Text size="xs" c="dimmed" data-testid="replay-clock">
          {clockLabel(clockMs)}
        </Text>
        <Text size="xs" c="dimmed">
          {clockLabel(timeline.durationMs)}
        </Text>
      </Group>
      <ScrollArea.Autosize mah={260} type="auto" offsetScrollbars viewportRef={viewportRef}>
        <Stack gap={2} data-testid="replay-events">
          {shown.length === 0 && (
            <Text size="sm" c="dimmed">
              The viewer did not play the film in this session.
            </Text>
          )}
          {shown.map(({ mark, index }) => (
            <UnstyledButton
              key={mark.seq}
              ref={index === current ? activeRef : undefined}
              onClick={() => onSeek(mark.offsetMs)}
              data-active={index === current || undefined}
              aria-current={index === current || undefined}
              data-testid="replay-event"
              px="xs"
              py={4}
              style={{
                borderRadius: 'var(--mantine-radius-sm)',
                background: index === current ? 'var(--mantine-color-default-hover)' : undefined,
              }}
            >
              <Group gap="sm" wrap="nowrap">
                <Box
                  w={8}
                  h={8}
                  bg={`${eventColor(mark.type, mark.data)}.5`}
                  style={{ borderRadius: 4, flex: 'none', opacity: index <= currentIndex ? 1 : 0.6 }}
                />
                <Text size="xs" c="dimmed" w={44} style={{ flex: 'none' }}>
                  {clockLabel(mark.offsetMs)}
                </Text>
                {/* Events not reached yet are greyed with a colour that stays readable (faded text was not). */}
                <Text size="sm" lineClamp={1} c={index <= currentIndex ? undefined : 'dimmed'}>
                  {eventLabel(mark.type, mark.position, mark.data)}
                </Text>
              </Group>
            </UnstyledButton>
          ))}
        </Stack>
      </ScrollArea.Autosize>
    </Stack>
  );
}
