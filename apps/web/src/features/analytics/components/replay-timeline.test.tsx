import { MantineProvider } from '@mantine/core';
import type { ReplayEvent } from '@screenroom/shared/schemas/analytics';
import { cleanup, render, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { buildTimeline, SKIPPED_GAP_MS } from '../replay-clock';
import { ReplayTimeline } from './replay-timeline';

const T0 = Date.parse('2026-03-01T22:00:00.000Z');
const ev = (seq: number, type: ReplayEvent['type'], seconds: number, position: number): ReplayEvent => ({
  seq,
  type,
  at: new Date(T0 + seconds * 1000).toISOString(),
  position,
  data: null,
});

// Plays, reports its progress, and the laptop sleeps until the morning (9 h 2 min later), then pauses.
const timeline = buildTimeline([
  ev(0, 'play', 0, 0),
  ev(1, 'progress', 5, 5),
  ev(2, 'pause', 5 + 9 * 3600 + 120, 7),
]);

function show(clockMs: number) {
  render(
    <MantineProvider>
      <ReplayTimeline timeline={timeline} clockMs={clockMs} currentIndex={1} onSeek={() => undefined} />
    </MantineProvider>,
  );
  return screen.getByTestId('replay-events').children;
}

describe('the replay timeline', () => {
  it('says what it skipped after the last event before it, shown or not, with the real times kept', () => {
    const rows = [...show(6000)].map((row) => row.textContent);
    expect(rows).toEqual([
      '0:00Played from 0:00',
      '9 h 2 min without activity (skipped)',
      '9:02:05Paused at 0:07',
    ]);
    // 5 s of activity, and the night in SKIPPED_GAP_MS.
    expect(SKIPPED_GAP_MS).toBe(3000);
    expect(screen.getByTestId('replay-length').textContent).toBe('9 h 2 min without activity skipped · 0:08');
  });

  it('says a viewer who reloaded the page came back, and only the last leaving is a leaving', () => {
    // Watches, reloads (the page's goodbye, then the same session goes on), pauses and closes the tab.
    const reloaded = buildTimeline([
      ev(0, 'play', 0, 0),
      ev(1, 'unload', 12, 7),
      ev(1001, 'play', 13, 0),
      ev(1002, 'pause', 14, 1),
      ev(1003, 'unload', 15, 1),
      { ...ev(1004, 'visibility', 15, 1), data: { state: 'hidden' } },
    ]);
    render(
      <MantineProvider>
        <ReplayTimeline timeline={reloaded} clockMs={0} currentIndex={0} onSeek={() => undefined} />
      </MantineProvider>,
    );
    const rows = [...screen.getByTestId('replay-events').children].map((row) => row.textContent);
    expect(rows).toEqual([
      '0:00Played from 0:00',
      '0:12Left the page and came back',
      '0:13Played from 0:00',
      '0:14Paused at 0:01',
      '0:15Left the page',
      '0:15Tab hidden',
    ]);
  });

  it('marks the skipped row as the current one while the replay is in it', () => {
    show(6000);
    expect(screen.getByTestId('replay-skipped').getAttribute('aria-current')).toBe('true');
    cleanup();
    show(5000);
    expect(screen.getByTestId('replay-skipped').getAttribute('aria-current')).toBeNull();
  });
});
