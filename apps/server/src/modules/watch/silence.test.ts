import { SESSION_IDLE_MS } from '@screenroom/shared/watch-events';
import { describe, expect, it } from 'vitest';
import { silenceBroken } from './silence';

const MIN = 60_000;
const last = Date.parse('2026-11-27T09:00:00Z');

describe('silenceBroken', () => {
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
});
