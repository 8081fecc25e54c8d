import { Box, Group, ScrollArea, Slider, Stack, Text, Tooltip, UnstyledButton } from '@mantine/core';
import { IconPlayerTrackNext } from '@tabler/icons-react';
import { type Ref, useCallback, useEffect, useMemo, useRef } from 'react';
import { formatDuration } from '../../../lib/duration';
import { formatTimeSpent } from '../../../lib/format';
import { eventColor, eventLabel, isShownOnTimeline, skippedLabel } from '../event-labels';
import {
  idleSkippedMs,
  SKIPPED_GAP_MS,
  type SkippedGap,
  skippedGapAt,
  type ReplayTimeline as Timeline,
} from '../replay-clock';

type Props = {
  timeline: Timeline;
  clockMs: number;
  /** Index of the last event at or before the clock. */
  currentIndex: number;
  onSeek: (offsetMs: number) => void;
};

const clockLabel = (ms: number) => formatDuration(ms / 1000);

/** A stretch without activity the replay skips, drawn hatched over its few seconds of the line. */
const SKIPPED_HATCH =
  'repeating-linear-gradient(135deg, var(--mantine-color-dimmed) 0 2px, transparent 2px 5px)';

/**
 * The session on one line: its events as coloured ticks over the replay's time, a cursor where the
 * replay is (draggable), and below, the events in words with the current one highlighted. Stretches
 * without activity, shortened on the replay's time, say so in their own row; events keep their real
 * times from the session's start.
 */
export function ReplayTimeline({ timeline, clockMs, currentIndex, onSeek }: Props) {
  const duration = Math.max(1, timeline.durationMs);
  // A goodbye with more after it was a reload: the same session went on. A tab hidden as the page went
  // away is part of the leaving, not a coming back.
  const lastIndex = useMemo(
    () =>
      timeline.marks.findLastIndex((mark) => !(mark.type === 'visibility' && mark.data?.state === 'hidden')),
    [timeline],
  );
  const shown = useMemo(
    () =>
      timeline.marks
        .map((mark, index) => ({ mark, index }))
        .filter(({ mark }) => isShownOnTimeline(mark.type)),
    [timeline],
  );
  // The events in words, each skipped stretch after the event it follows (shown or not).
  const rows = useMemo(() => {
    const gapAfter = new Map(timeline.gaps.map((gap) => [gap.afterIndex, gap]));
    return timeline.marks.flatMap((mark, index) => {
      const gap = gapAfter.get(index);
      const event = isShownOnTimeline(mark.type) ? [{ mark, index, gap: undefined }] : [];
      return gap ? [...event, { mark, index, gap }] : event;
    });
  }, [timeline]);
  const currentGap = skippedGapAt(timeline, clockMs);
  const current = currentGap ? -1 : (shown.filter(({ index }) => index <= currentIndex).at(-1)?.index ?? -1);
  const activeKey = currentGap ? `gap-${currentGap.afterIndex}` : current >= 0 ? `event-${current}` : null;
  const activeRef = useRef<HTMLElement | null>(null);
  const setActive = useCallback((row: HTMLElement | null) => {
    activeRef.current = row;
  }, []);
  const viewportRef = useRef<HTMLDivElement | null>(null);
  // Keeps the current row in view inside the list (never scrolls the page itself).
  useEffect(() => {
    const item = activeRef.current;
    const viewport = viewportRef.current;
    if (!activeKey || !item || !viewport) return;
    const top = item.getBoundingClientRect().top - viewport.getBoundingClientRect().top + viewport.scrollTop;
    viewport.scrollTop = Math.max(0, top - viewport.clientHeight / 2);
  }, [activeKey]);
  const idleMs = idleSkippedMs(timeline);
  // Room for the longest real time, "10:03:05" once a session has gone on overnight.
  const timeWidth = clockLabel(timeline.sessionMs).length > 7 ? 54 : 44;

  return (
    <Stack gap="xs">
      <Text size="xs" c="dimmed">
        The session as it went, each mark something the viewer did
      </Text>
      <Box pos="relative" h={16} mx={8} aria-hidden>
        {timeline.gaps.map((gap) => (
          <Tooltip key={`gap-${gap.afterIndex}`} label={skippedLabel(gap.idleMs)} withinPortal>
            <Box
              pos="absolute"
              top={3}
              h={10}
              opacity={0.6}
              data-testid="replay-skipped-tick"
              style={{
                left: `${(gap.offsetMs / duration) * 100}%`,
                width: `${(SKIPPED_GAP_MS / duration) * 100}%`,
                background: SKIPPED_HATCH,
              }}
            />
          </Tooltip>
        ))}
        {shown.map(({ mark, index }) => (
          <Tooltip
            key={mark.seq}
            label={eventLabel(mark.type, mark.position, mark.data, index < lastIndex)}
            withinPortal
          >
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
        <Text size="xs" c="dimmed" data-testid="replay-length">
          {idleMs > 0 && `${formatTimeSpent(idleMs / 1000)} without activity skipped · `}
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
          {rows.map(({ mark, index, gap }) =>
            gap ? (
              <SkippedRow
                key={`gap-${gap.afterIndex}`}
                gap={gap}
                active={gap === currentGap}
                reached={clockMs > gap.offsetMs}
                timeWidth={timeWidth}
                activeRef={gap === currentGap ? setActive : undefined}
              />
            ) : (
              <UnstyledButton
                key={mark.seq}
                ref={index === current ? setActive : undefined}
                onClick={() => onSeek(mark.offsetMs)}
                data-active={index === current || undefined}
                aria-current={index === current || undefined}
                data-testid="replay-event"
                className="replay-event"
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
                  <Text size="xs" c="dimmed" w={timeWidth} style={{ flex: 'none' }}>
                    {clockLabel(mark.sessionMs)}
                  </Text>
                  {/* Events not reached yet are greyed with a colour that stays readable (faded text was not). */}
                  <Text size="sm" lineClamp={1} c={index <= currentIndex ? undefined : 'dimmed'}>
                    {eventLabel(mark.type, mark.position, mark.data, index < lastIndex)}
                  </Text>
                </Group>
              </UnstyledButton>
            ),
          )}
        </Stack>
      </ScrollArea.Autosize>
    </Stack>
  );
}

type SkippedRowProps = {
  gap: SkippedGap;
  active: boolean;
  reached: boolean;
  timeWidth: number;
  activeRef: Ref<HTMLDivElement> | undefined;
};

/** Where the replay skipped a stretch without activity, and how long it was, between two events. */
function SkippedRow({ gap, active, reached, timeWidth, activeRef }: SkippedRowProps) {
  return (
    <Box
      ref={activeRef}
      px="xs"
      py={4}
      data-testid="replay-skipped"
      data-active={active || undefined}
      aria-current={active || undefined}
      style={{
        borderRadius: 'var(--mantine-radius-sm)',
        background: active ? 'var(--mantine-color-default-hover)' : undefined,
      }}
    >
      <Group gap="sm" wrap="nowrap">
        <Box w={8} style={{ flex: 'none' }} />
        <Box w={timeWidth} c="dimmed" style={{ flex: 'none', display: 'flex' }}>
          <IconPlayerTrackNext size={14} />
        </Box>
        <Text size="sm" fs="italic" lineClamp={1} c={reached ? undefined : 'dimmed'}>
          {skippedLabel(gap.idleMs)}
        </Text>
      </Group>
    </Box>
  );
}
