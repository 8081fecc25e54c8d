import { describe, expect, it } from 'vitest';
import { secondsLeft } from './processing-time-left';

describe('secondsLeft', () => {
  it('goes on at the pace seen: 10% in 20 s leaves 90% for 3 minutes', () => {
    expect(secondsLeft({ at: 0, progress: 0 }, { at: 20_000, progress: 10 })).toBe(180);
  });

  it('waits for a couple of percent over a few seconds before guessing', () => {
    expect(secondsLeft({ at: 0, progress: 3 }, { at: 60_000, progress: 4 })).toBeNull();
    expect(secondsLeft({ at: 0, progress: 3 }, { at: 2_000, progress: 9 })).toBeNull();
    expect(secondsLeft({ at: 0, progress: 50 }, { at: 30_000, progress: 100 })).toBeNull();
  });
});
