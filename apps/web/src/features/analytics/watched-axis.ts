import { formatWatched } from '../../lib/format';

/** Round steps, in seconds, for the watched-time axis: from a second to ten hours. */
const STEPS = [1, 2, 5, 10, 15, 30, 60, 120, 300, 600, 900, 1800, 3600, 7200, 18_000, 36_000];
const MOST_INTERVALS = 4;

/** "10 h" rather than "10 h 0 min" on an axis. */
const label = (minutes: number) => formatWatched(minutes).replace(/ 0 min$/, '');

/**
 * The day-by-day chart's watched-time axis (values in minutes): ticks a round number of seconds,
 * minutes or hours apart, labelled as watched time is written everywhere else. The chart's own ticks
 * in decimal minutes, rounded to one place, labelled 0.15 as "0.2", and a few seconds as "0, 0, 0.1".
 */
export function watchedAxis(maxMinutes: number) {
  const maxSeconds = maxMinutes * 60;
  if (!(maxSeconds > 0)) return { ticks: [0, 0.25, 0.5, 0.75, 1], label };
  const step =
    STEPS.find((s) => Math.ceil(maxSeconds / s) <= MOST_INTERVALS) ??
    36_000 * Math.ceil(maxSeconds / 36_000 / MOST_INTERVALS);
  const intervals = Math.ceil(maxSeconds / step);
  const ticks = Array.from({ length: intervals + 1 }, (_, i) => (i * step) / 60);
  return { ticks, label };
}
