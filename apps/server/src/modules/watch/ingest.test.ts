import type { WatchEvent } from '@screenroom/shared/schemas/watch';
import { describe, expect, it } from 'vitest';
import { mergeRanges, rangesLength, summarize } from './ingest';

let seq = 0;
const at = (s: number) => 1_800_000_000_000 + s * 1000;
const ev = (
  type: WatchEvent['type'],
  position: number,
  data?: Record<string, unknown>,
  t = position,
): WatchEvent => ({
  seq: seq++,
  type,
  at: at(t),
  position,
  ...(data ? { data } : {}),
});

describe('played ranges', () => {
  it('merges overlapping and touching stretches', () => {
    expect(
      mergeRanges([
        [10, 20],
        [0, 5],
        [19, 30],
        [5, 6],
        [40, 41],
      ]),
    ).toEqual([
      [0, 6],
      [10, 30],
      [40, 41],
    ]);
    expect(
      rangesLength([
        [0, 6],
        [10, 30],
      ]),
    ).toBe(26);
  });
});

describe('a batch of events', () => {
  it('adds what was played (progress, pause, seek) and nothing for wall time', () => {
    const events = [
      ev('play', 0),
      ev('progress', 5, { from: 0 }),
      ev('progress', 10, { from: 5 }),
      ev('seek', 60, { from: 10, at: 12 }, 12),
      ev('pause', 63, { from: 60 }, 15),
      ev('click', 63, undefined, 20),
      ev('visibility', 63, { hidden: true }, 300),
    ];
    const delta = summarize(events, 120);
    expect(delta.watchedSeconds).toBe(15);
    expect(mergeRanges(delta.stretches)).toEqual([
      [0, 12],
      [60, 63],
    ]);
    expect(delta).toMatchObject({ started: true, clicks: 1, lastPosition: 63, closed: false });
    expect(delta.lastAt?.getTime()).toBe(at(300));
  });

  it('ignores impossible claims: backwards, negative, huge or past the end', () => {
    const delta = summarize(
      [
        ev('progress', 5, { from: 10 }),
        ev('progress', 5, { from: -3 }),
        ev('progress', 500, { from: 100 }),
        ev('progress', 130, { from: 118 }),
        ev('progress', 10, { from: 'zero' }),
      ],
      120,
    );
    expect(delta.watchedSeconds).toBe(3);
    expect(delta.started).toBe(false);
  });

  it('knows when the page said goodbye', () => {
    expect(summarize([ev('unload', 40)], 120).closed).toBe(true);
  });
});
