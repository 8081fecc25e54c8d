import type { ReplayEvent } from '@screenroom/shared/schemas/analytics';
import { describe, expect, it } from 'vitest';
import {
  advanceClock,
  buildTimeline,
  idleSkippedMs,
  markIndexAt,
  nextSessionId,
  SKIPPED_GAP_MS,
  sessionMsAt,
  skippedGapAt,
  syncAction,
  viewerStateAt,
} from './replay-clock';

const T0 = Date.parse('2026-03-01T10:00:00.000Z');
const ev = (
  seq: number,
  type: ReplayEvent['type'],
  seconds: number,
  position: number,
  data: ReplayEvent['data'] = null,
): ReplayEvent => ({ seq, type, at: new Date(T0 + seconds * 1000).toISOString(), position, data });

// Plays 0→10 s, jumps from 10 to 40, plays to 45, pauses, hides the tab, plays again, ends.
const session = [
  ev(0, 'play', 0, 0),
  ev(1, 'progress', 5, 5, { from: 0 }),
  ev(2, 'seek', 10, 40, { from: 0, at: 10 }),
  ev(3, 'progress', 15, 45, { from: 40 }),
  ev(4, 'pause', 15, 45, { from: 40 }),
  ev(5, 'visibility', 20, 45, { state: 'hidden' }),
  ev(6, 'play', 30, 45),
  ev(7, 'ended', 45, 60, { from: 45 }),
];

describe('the replay time line', () => {
  const timeline = buildTimeline(session);

  it('lays events on milliseconds from the first one', () => {
    expect(timeline.durationMs).toBe(45_000);
    expect(timeline.marks.map((m) => m.offsetMs)).toEqual([
      0, 5000, 10_000, 15_000, 15_000, 20_000, 30_000, 45_000,
    ]);
  });

  it('is empty without events', () => {
    expect(buildTimeline([])).toEqual({ startMs: 0, durationMs: 0, sessionMs: 0, marks: [], gaps: [] });
    expect(viewerStateAt(buildTimeline([]), 1000)).toMatchObject({ position: 0, playing: false, index: -1 });
  });

  it('finds the last event at or before a moment', () => {
    expect(markIndexAt(timeline, -1)).toBe(-1);
    expect(markIndexAt(timeline, 0)).toBe(0);
    expect(markIndexAt(timeline, 14_999)).toBe(2);
    expect(markIndexAt(timeline, 15_000)).toBe(4);
    expect(markIndexAt(timeline, 99_000)).toBe(7);
  });

  it('moves the position on while the viewer played', () => {
    expect(viewerStateAt(timeline, 2500)).toMatchObject({ position: 2.5, playing: true });
    expect(viewerStateAt(timeline, 7000)).toMatchObject({ position: 7, playing: true });
  });

  it('lands where the viewer jumped, and stops where the next event found the film', () => {
    expect(viewerStateAt(timeline, 9999).position).toBeCloseTo(9.999);
    expect(viewerStateAt(timeline, 10_000)).toMatchObject({ position: 40, playing: true });
    expect(viewerStateAt(timeline, 12_000)).toMatchObject({ position: 42, playing: true });
  });

  it('holds still while paused, whatever happens on the page', () => {
    expect(viewerStateAt(timeline, 16_000)).toMatchObject({ position: 45, playing: false });
    expect(viewerStateAt(timeline, 25_000)).toMatchObject({ position: 45, playing: false });
  });

  it('waits at the position of the next event rather than running past it (a stall)', () => {
    const stalled = buildTimeline([ev(0, 'play', 0, 0), ev(1, 'progress', 10, 4, { from: 0 })]);
    expect(viewerStateAt(stalled, 8000).position).toBe(4);
  });

  it('follows the viewer’s playback rate and stops at the end of the film', () => {
    const fast = buildTimeline([
      ev(0, 'play', 0, 0),
      ev(1, 'rate', 1, 1, { rate: 2 }),
      ev(2, 'ended', 60, 119),
    ]);
    expect(viewerStateAt(fast, 3000).position).toBe(5);
    expect(viewerStateAt(fast, 59_000, 100).position).toBe(100);
    expect(viewerStateAt(fast, 60_000)).toMatchObject({ position: 119, playing: false });
  });

  it('reads a rate and a jump only as numbers, as the player sends them', () => {
    const odd = buildTimeline([
      ev(0, 'play', 0, 0),
      ev(1, 'rate', 1, 1, { rate: '2' }),
      ev(2, 'seek', 10, 40, { from: 0, at: '3' }),
    ]);
    // Rate stays 1; the jump's text "3" does not stop the film at 3 s before it.
    expect(viewerStateAt(odd, 3000).position).toBe(3);
    expect(viewerStateAt(odd, 9000).position).toBe(9);
    const jumped = buildTimeline([ev(0, 'play', 0, 0), ev(1, 'seek', 10, 40, { from: 0, at: 3 })]);
    expect(viewerStateAt(jumped, 9000).position).toBe(3);
  });

  it('comes back at normal speed after the page was reloaded in the same session', () => {
    const reloaded = buildTimeline([
      ev(0, 'play', 0, 30),
      ev(1, 'rate', 1, 31, { rate: 2 }),
      ev(2, 'unload', 12, 53),
      ev(1003, 'play', 20, 0),
    ]);
    expect(viewerStateAt(reloaded, 10_000).rate).toBe(2);
    expect(viewerStateAt(reloaded, 24_000)).toMatchObject({ position: 4, playing: true, rate: 1 });
  });

  it('never runs backwards when a later event carries an earlier clock', () => {
    const skewed = buildTimeline([ev(0, 'play', 5, 0), ev(1, 'click', 4, 0), ev(2, 'pause', 8, 3)]);
    expect(skewed.marks.map((m) => m.offsetMs)).toEqual([0, 0, 3000]);
  });
});

describe('a stretch without activity', () => {
  const HOUR = 3600;
  // Plays 0→10 s, pauses, comes back an hour later and plays from 0:30 (a jump), then the laptop sleeps
  // while playing (the last report at 0:35) and wakes a night later, the film at 0:37.
  const slept = [
    ev(0, 'play', 0, 0),
    ev(1, 'pause', 10, 10, { from: 0 }),
    ev(2, 'play', 10 + HOUR, 30),
    ev(3, 'progress', 15 + HOUR, 35, { from: 30 }),
    ev(4, 'progress', 15 + 10 * HOUR, 37, { from: 35 }),
    ev(5, 'pause', 20 + 10 * HOUR, 42, { from: 37 }),
  ];
  const timeline = buildTimeline(slept);
  const gapEnd = 10_000 + SKIPPED_GAP_MS;

  it('takes a few seconds of the replay, whatever its length', () => {
    expect(timeline.marks.map((m) => m.offsetMs)).toEqual([
      0,
      10_000,
      gapEnd,
      gapEnd + 5000,
      gapEnd + 5000 + SKIPPED_GAP_MS,
      gapEnd + 10_000 + SKIPPED_GAP_MS,
    ]);
    expect(timeline.durationMs).toBe(20_000 + 2 * SKIPPED_GAP_MS);
    expect(timeline.gaps).toEqual([
      { afterIndex: 1, offsetMs: 10_000, idleMs: HOUR * 1000 },
      { afterIndex: 3, offsetMs: gapEnd + 5000, idleMs: 9 * HOUR * 1000 },
    ]);
    expect(idleSkippedMs(timeline)).toBe(10 * HOUR * 1000);
  });

  it('keeps the session’s real times, for the events and its span', () => {
    expect(timeline.marks.map((m) => m.sessionMs / 1000)).toEqual([
      0,
      10,
      10 + HOUR,
      15 + HOUR,
      15 + 10 * HOUR,
      20 + 10 * HOUR,
    ]);
    expect(timeline.sessionMs).toBe((20 + 10 * HOUR) * 1000);
    expect(sessionMsAt(timeline, 5000)).toBe(5000);
    expect(sessionMsAt(timeline, 11_000)).toBe(11_000);
    expect(sessionMsAt(timeline, gapEnd + 1000)).toBe((11 + HOUR) * 1000);
    expect(sessionMsAt(timeline, timeline.durationMs)).toBe(timeline.sessionMs);
  });

  it('is only a stretch longer than the two minutes after which a session is idle', () => {
    const waited = buildTimeline([ev(0, 'play', 0, 0), ev(1, 'pause', 5, 5), ev(2, 'play', 125, 5)]);
    expect(waited.gaps).toEqual([]);
    expect(waited.durationMs).toBe(125_000);
    const longer = buildTimeline([ev(0, 'play', 0, 0), ev(1, 'pause', 5, 5), ev(2, 'play', 125.001, 5)]);
    expect(longer.durationMs).toBe(5000 + SKIPPED_GAP_MS);
  });

  it('is where the replay is between its two events', () => {
    expect(skippedGapAt(timeline, 10_000)).toBeUndefined();
    expect(skippedGapAt(timeline, 11_000)).toEqual(timeline.gaps[0]);
    expect(skippedGapAt(timeline, gapEnd)).toBeUndefined();
    expect(skippedGapAt(timeline, gapEnd + 6000)).toEqual(timeline.gaps[1]);
  });

  it('shows the viewer paused as they were, then playing where they came back', () => {
    expect(viewerStateAt(timeline, 11_000)).toMatchObject({ position: 10, playing: false });
    expect(viewerStateAt(timeline, gapEnd)).toMatchObject({ position: 30, playing: true });
  });

  it('moves a playing film on for its seconds only, never past where the next event finds it', () => {
    expect(viewerStateAt(timeline, gapEnd + 5000 + 1000)).toMatchObject({ position: 36, playing: true });
    expect(viewerStateAt(timeline, gapEnd + 5000 + 2900)).toMatchObject({ position: 37, playing: true });
  });

  it('is passed in seconds at normal speed', () => {
    const clock = advanceClock(10_000, SKIPPED_GAP_MS + 500, 1, timeline.durationMs);
    expect(viewerStateAt(timeline, clock)).toMatchObject({ position: 30.5, playing: true, index: 2 });
  });

  it('leaves the film to follow the viewer: paused through it, then jumping and playing', () => {
    const inGap = viewerStateAt(timeline, 12_000);
    expect(syncAction(inGap, { currentTime: 10, paused: true }, 1, true)).toMatchObject({
      seekTo: null,
      play: false,
      pause: false,
    });
    const after = viewerStateAt(timeline, gapEnd + 100);
    expect(syncAction(after, { currentTime: 10, paused: true }, 1, true)).toMatchObject({
      seekTo: after.position,
      play: true,
    });
    expect(after.position).toBeCloseTo(30.1);
  });
});

describe('the replay clock', () => {
  it('runs at the chosen speed and stops at the end', () => {
    expect(advanceClock(1000, 500, 1, 45_000)).toBe(1500);
    expect(advanceClock(1000, 500, 16, 45_000)).toBe(9000);
    expect(advanceClock(44_000, 500, 8, 45_000)).toBe(45_000);
    expect(advanceClock(1000, -20, 4, 45_000)).toBe(1000);
  });
});

describe('following the viewer with the film’s player', () => {
  const playing = { position: 40, playing: true, rate: 1 };

  it('jumps where the viewer seeked and plays', () => {
    expect(syncAction(playing, { currentTime: 10, paused: true }, 1, true)).toEqual({
      seekTo: 40,
      play: true,
      pause: false,
      playbackRate: 1,
    });
  });

  it('lets small drift be, and runs at the replay speed', () => {
    expect(syncAction(playing, { currentTime: 39.5, paused: false }, 4, true)).toEqual({
      seekTo: null,
      play: false,
      pause: false,
      playbackRate: 4,
    });
  });

  it('pauses where the viewer paused, and when the replay is paused', () => {
    const paused = { position: 45, playing: false, rate: 1 };
    expect(syncAction(paused, { currentTime: 45, paused: false }, 1, true)).toMatchObject({ pause: true });
    expect(syncAction(playing, { currentTime: 40, paused: false }, 1, false)).toMatchObject({
      pause: true,
      play: false,
    });
  });

  it('keeps the rate within what browsers play', () => {
    expect(
      syncAction({ ...playing, rate: 2 }, { currentTime: 40, paused: false }, 16, true).playbackRate,
    ).toBe(16);
  });
});

describe('the next session', () => {
  it('is the one after the current in the list, none after the last', () => {
    expect(nextSessionId(['a', 'b', 'c'], 'a')).toBe('b');
    expect(nextSessionId(['a', 'b', 'c'], 'c')).toBeNull();
    expect(nextSessionId(['a', 'b'], 'x')).toBeNull();
  });
});
