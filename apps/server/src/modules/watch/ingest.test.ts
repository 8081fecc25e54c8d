import type { WatchEvent } from '@screenroom/shared/schemas/watch';
import { describe, expect, it } from 'vitest';
import { coverageOf, mergeRanges, minutesWatched, rangesLength, summarize } from './ingest';

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
    expect(delta).toMatchObject({ started: true, clicks: 1, lastPosition: 63 });
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
});

describe('minutes watched and coverage', () => {
  it('counts a minute once at least a second of it was played, within the film', () => {
    expect([...minutesWatched([[0, 59.5]], 300)]).toEqual([0]);
    expect([...minutesWatched([[59.5, 60.8]], 300)]).toEqual([]);
    expect([...minutesWatched([[58, 61]], 300)]).toEqual([0, 1]);
    expect([
      ...minutesWatched(
        [
          [10, 200],
          [290, 400],
        ],
        300,
      ),
    ]).toEqual([0, 1, 2, 3, 4]);
    expect([...minutesWatched([[0, 130]], null)]).toEqual([0, 1, 2]);
  });

  it('gives the share of the film, capped at the whole and zero while the duration is unknown', () => {
    expect(coverageOf(30, 120)).toBe(0.25);
    expect(coverageOf(130, 120)).toBe(1);
    expect(coverageOf(30, null)).toBe(0);
  });
});
