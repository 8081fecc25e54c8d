import type { WatchEvent } from '@screenroom/shared/schemas/watch';
import type { PlayedRanges } from '../../db/schema/watch';

/** Longest stretch one report may claim (reports come every 5 s; a throttled tab may lag). */
const MAX_STRETCH_SECONDS = 120;

/** Sorted, disjoint union of the given ranges (touching ranges join). */
export function mergeRanges(ranges: PlayedRanges): PlayedRanges {
  const sorted = ranges.filter(([a, b]) => b > a).sort((x, y) => x[0] - y[0]);
  const merged: PlayedRanges = [];
  for (const [start, end] of sorted) {
    const last = merged[merged.length - 1];
    if (last && start <= last[1] + 0.25) last[1] = Math.max(last[1], end);
    else merged.push([start, end]);
  }
  return merged;
}

/** Seconds of film to the millisecond. */
const toMillisecond = (seconds: number) => Math.round(seconds * 1000) / 1000;

/**
 * An event's film times (its position, a stretch's `from`, a seek's `at`) to the millisecond, in place.
 * Finer is noise, and a subnormal number such as 1e-320 passes validation but is out of the range of
 * PostgreSQL's real: a viewer could break the session's figures and its replay with one event.
 */
export function roundFilmTimes(events: WatchEvent[]) {
  for (const event of events) {
    event.position = toMillisecond(event.position);
    const data = event.data;
    if (!data) continue;
    if (typeof data.from === 'number') data.from = toMillisecond(data.from);
    if (typeof data.at === 'number') data.at = toMillisecond(data.at);
  }
  return events;
}

const filmTime = (value: unknown) => (typeof value === 'number' ? value : Number.NaN);

export const rangesLength = (ranges: PlayedRanges) => ranges.reduce((sum, [a, b]) => sum + (b - a), 0);

/**
 * The stretch of film an event says was played: [data.from, position] for progress, pause and ended;
 * for a seek, [data.from, data.at] (played until the jump, which went from `data.at` to `position`).
 */
export function playedStretch(event: WatchEvent, duration: number | null): [number, number] | null {
  if (!['progress', 'pause', 'ended', 'seek'].includes(event.type)) return null;
  // Numbers only, as the player sends them: a string such as "1e-320" would skip roundFilmTimes and
  // reach PostgreSQL's real columns out of range, and the whole write with it.
  const from = filmTime(event.data?.from);
  const to = event.type === 'seek' ? filmTime(event.data?.at) : event.position;
  if (!Number.isFinite(from) || !Number.isFinite(to) || from < 0 || to <= from) return null;
  if (to - from > MAX_STRETCH_SECONDS) return null;
  const end = duration ? Math.min(to, duration + 1) : to;
  return end > from ? [from, end] : null;
}

export type SessionDelta = {
  /** Media time played in these events (a sum: watching a scene twice counts twice). */
  watchedSeconds: number;
  /** The stretches played, for coverage. */
  stretches: PlayedRanges;
  started: boolean;
  clicks: number;
  lastPosition: number | null;
};

/** What a batch of new (never seen) events, sorted by seq, adds to its session. */
export function summarize(ordered: WatchEvent[], duration: number | null): SessionDelta {
  const stretches: PlayedRanges = [];
  for (const e of ordered) {
    const stretch = playedStretch(e, duration);
    if (stretch) stretches.push(stretch);
  }
  const last = ordered[ordered.length - 1];
  return {
    watchedSeconds: stretches.reduce((sum, [a, b]) => sum + (b - a), 0),
    stretches,
    started: ordered.some((e) => e.type === 'play'),
    clicks: ordered.filter((e) => e.type === 'click').length,
    lastPosition: last ? last.position : null,
  };
}

/** A minute of the film counts as watched once at least this much of it was played. */
const MINUTE_THRESHOLD_SECONDS = 1;

/** The minutes of the film (from 0) of which these ranges played at least a second. */
export function minutesWatched(ranges: PlayedRanges, duration: number | null): Set<number> {
  const perMinute = new Map<number, number>();
  const lastMinute = duration ? Math.max(0, Math.ceil(duration / 60) - 1) : Number.POSITIVE_INFINITY;
  for (const [start, end] of ranges) {
    for (let minute = Math.floor(start / 60); minute * 60 < end && minute <= lastMinute; minute++) {
      const overlap = Math.min(end, minute * 60 + 60) - Math.max(start, minute * 60);
      perMinute.set(minute, (perMinute.get(minute) ?? 0) + overlap);
    }
  }
  return new Set([...perMinute].filter(([, seconds]) => seconds >= MINUTE_THRESHOLD_SECONDS).map(([m]) => m));
}

/** The share of the film these many seconds cover, between 0 and 1 (0 while the duration is unknown). */
export const coverageOf = (coveredSeconds: number, duration: number | null) =>
  duration && duration > 0 ? Math.min(1, coveredSeconds / duration) : 0;
