import { SESSION_IDLE_MS } from '@screenroom/shared/watch-events';
import { describe, expect, it } from 'vitest';
import { clockOffsetAtArrival, type SilenceState, silencesAfterEvents } from './silence';

const MIN = 60_000;
const last = Date.parse('2026-11-27T09:00:00Z');
const seenAt = (lastSeenMs: number): SilenceState => ({ lastSeenMs, latest: null, clockAheadMs: 0 });
/** Only the seconds the events add to (or, negative, take from) the session's silences. */
const silenceBroken = (state: SilenceState | number, times: number[], now: number) =>
  silencesAfterEvents(typeof state === 'number' ? seenAt(state) : state, times, now).seconds;

describe('the silence a batch of events breaks', () => {
  it('counts nothing for events that keep coming within two minutes', () => {
    expect(silenceBroken(last, [last + 15_000, last + 90_000, last + 200_000], last + 10 * MIN)).toBe(0);
  });

  it('counts a gap of two minutes or more before the events that break it', () => {
    expect(silenceBroken(last, [last + SESSION_IDLE_MS], last + 10 * MIN)).toBe(120);
    expect(silenceBroken(last, [last + 8 * MIN + 500, last + 8 * MIN + 10_000], last + 9 * MIN)).toBe(480.5);
  });

  it('counts each silence inside one batch, whatever order the events come in', () => {
    const times = [last + 60 * MIN + 30_000, last + 3 * MIN, last + 60 * MIN, last + 3 * MIN + 10_000];
    // 3 min before the first, then 56 min 50 s until the third.
    expect(silenceBroken(last, times, last + 61 * MIN)).toBe(180 + 3410);
  });

  it('believes a clock ahead of ours only up to now', () => {
    // Sent 30 s after the last sign of life by a clock 3 minutes fast: no silence.
    expect(silenceBroken(last, [last + 3.5 * MIN], last + 30_000)).toBe(0);
  });

  it('leaves out reports queued before the silence', () => {
    expect(silenceBroken(last, [last - 20_000, last - 5_000], last + 5 * MIN)).toBe(0);
    expect(silenceBroken(last, [last - 20_000, last + 5 * MIN], last + 5 * MIN)).toBe(300);
  });

  it('remembers the latest silence it counted', () => {
    const after = silencesAfterEvents(seenAt(last), [last + 3 * MIN, last + 10 * MIN], last + 10 * MIN);
    expect(after.latest).toEqual({ from: last + 3 * MIN, to: last + 10 * MIN });
  });
});

describe('a silence given back by the events the page played in it', () => {
  // A heartbeat counted nine minutes of silence; the page's queued reports arrive after it.
  const back = last + 9 * MIN;
  const counted: SilenceState = { lastSeenMs: back, latest: { from: last, to: back }, clockAheadMs: 0 };
  const every5s = (from: number, to: number, ahead = 0) => {
    const times: number[] = [];
    for (let at = from + 5000; at <= to; at += 5000) times.push(at + ahead);
    return times;
  };

  it('gives all of it back when reports cover it', () => {
    const after = silencesAfterEvents(counted, every5s(last, back), back + 2000);
    expect(after.seconds).toBe(-540);
    expect(after.latest).toBeNull();
  });

  it('keeps the stretches of two minutes or more the reports leave uncovered', () => {
    // Played four minutes, then the player stalled (nothing), then played from a minute before the end.
    const times = [...every5s(last, last + 4 * MIN), ...every5s(back - MIN, back)];
    const after = silencesAfterEvents(counted, times, back + 2000);
    expect(after.seconds).toBe(-540 + 245);
    expect(after.latest).toEqual({ from: last + 4 * MIN, to: back - MIN + 5000 });
  });

  it('gives back what the reports cover, a batch at a time', () => {
    const first = silencesAfterEvents(counted, every5s(last, last + 5 * MIN), back + 2000);
    expect(first.seconds).toBe(-300);
    expect(first.latest).toEqual({ from: last + 5 * MIN, to: back });
    const state = { ...counted, latest: first.latest, clockAheadMs: first.clockAheadMs };
    const second = silencesAfterEvents(state, every5s(last + 5 * MIN, back), back + 7000);
    expect(second.seconds).toBe(-240);
    expect(second.latest).toBeNull();
  });

  it('gives back a queue sent newest first (a closing page’s beacons), though the viewer paused in it', () => {
    // Played 5 minutes, paused 3, played to the end; the goodbye's beacons carry the newest batch first.
    const [oldest, middle, newest] = [
      every5s(last, last + 2 * MIN),
      every5s(last + 2 * MIN, last + 5 * MIN),
      every5s(last + 8 * MIN, back),
    ];
    let state = counted;
    let seconds = 0;
    for (const [times, earlier] of [
      [newest, false],
      [middle, true],
      [oldest, true],
    ] as const) {
      const after = silencesAfterEvents(state, times, back + 2000, earlier);
      seconds += after.seconds;
      state = { ...state, latest: after.latest, clockAheadMs: after.clockAheadMs };
    }
    // Only the pause stays silent: from the last report before it to the first after it.
    expect(seconds).toBe(-540 + 185);
  });

  it('gives nothing back for reports queued before it, or the page’s first words after it', () => {
    const after = silencesAfterEvents(counted, [last - 5000, last, back, back + 1000], back + 2000);
    expect(after.seconds).toBe(0);
    expect(after.latest).toEqual(counted.latest);
  });

  it('reads a fast clock’s reports in our time, as far as the page has shown it is ahead', () => {
    // The page's reports have come three minutes ahead of ours: inside the silence, where they belong.
    const fast = { ...counted, clockAheadMs: 3 * MIN };
    expect(silencesAfterEvents(fast, every5s(last, last + 5 * MIN, 3 * MIN), back + 2000).seconds).toBe(-300);
    // Its last reports before a sleep do not reach over the sleep.
    const asleep = silencesAfterEvents(fast, every5s(last - 10_000, last, 3 * MIN), back + 2000);
    expect(asleep.seconds).toBe(0);
  });

  it('learns how far ahead a clock runs from a batch whose newest report is ahead of ours', () => {
    const times = [...every5s(last - 10_000, last + 5000, 90_000), back + 90_000];
    const after = silencesAfterEvents(counted, times, back + 1000);
    expect(after.clockAheadMs).toBe(89_000);
    // Only the 6 s the page really played after its last word are given back (within a second).
    expect(after.seconds).toBe(-6);
  });

  it('moves the last sign of life on in our clock, never past now', () => {
    const fast = { ...counted, clockAheadMs: 3 * MIN };
    const after = silencesAfterEvents(fast, [back + 3 * MIN + 1000, back + 3 * MIN + 500], back + 2000);
    expect(after).toMatchObject({ lastSeenMs: back + 1000, newestMs: back + 1000 });
    // Reports older than its last sign of life leave it where it was.
    const late = silencesAfterEvents(counted, [back - 5000], back + 2000);
    expect(late).toMatchObject({ lastSeenMs: back, newestMs: back - 5000 });
    // A lead not seen before is learnt from the batch, and the time it reads is now at most.
    expect(silencesAfterEvents(counted, [back + 3 * 3_600_000], back + 1000).lastSeenMs).toBe(back + 1000);
  });

  it('never believes a lead of more than five minutes', () => {
    const after = silencesAfterEvents(counted, [back + 3 * 3_600_000], back + 1000);
    expect(after.clockAheadMs).toBe(5 * MIN);
  });
});

describe('a batch that came with the page’s clock (the offset measured as it arrived)', () => {
  const back = last + 10 * MIN;
  const counted: SilenceState = { lastSeenMs: back, latest: { from: last, to: back }, clockAheadMs: 0 };

  it('reads a slow clock’s reports in our time: written after the silence, they give none of it back', () => {
    // Played three minutes since the heartbeat broke the silence; the page's clock is three minutes slow.
    const times: number[] = [];
    for (let at = back + 5000; at <= back + 3 * MIN; at += 5000) times.push(at - 3 * MIN);
    const after = silencesAfterEvents(counted, times, back + 3 * MIN, false, -3 * MIN);
    expect(after.seconds).toBe(0);
    expect(after.latest).toEqual(counted.latest);
    expect(after.lastSeenMs).toBe(back + 3 * MIN);
  });

  it('counts the whole silence a slow clock’s first report breaks', () => {
    const after = silencesAfterEvents(seenAt(last), [back - 3 * MIN], back, false, -3 * MIN);
    expect(after.seconds).toBe(600);
  });

  it('reads a fast clock by the lead measured, not the one seen before, and keeps it for later batches', () => {
    const fast = { ...counted, clockAheadMs: 4 * MIN };
    const after = silencesAfterEvents(fast, [back + 1000 + 2 * MIN], back + 1000, false, 2 * MIN);
    expect(after).toMatchObject({ seconds: 0, lastSeenMs: back + 1000, clockAheadMs: 2 * MIN });
  });

  it('measures the offset as the batch arrives: network delay aside, five minutes at most either way', () => {
    const arrived = back;
    expect(clockOffsetAtArrival(arrived - 3 * MIN, arrived)).toBe(-3 * MIN);
    expect(clockOffsetAtArrival(arrived + 90_000, arrived)).toBe(90_000);
    // A right clock's batch arrives a little after it was sent: not a clock behind.
    expect(clockOffsetAtArrival(arrived - 400, arrived)).toBe(0);
    expect(clockOffsetAtArrival(arrived + 300, arrived)).toBe(0);
    expect(clockOffsetAtArrival(arrived - 3 * 3_600_000, arrived)).toBe(-5 * MIN);
    expect(clockOffsetAtArrival(arrived + 3 * 3_600_000, arrived)).toBe(5 * MIN);
  });
});
