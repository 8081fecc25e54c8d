import dayjs from 'dayjs';
import timezone from 'dayjs/plugin/timezone';
import utc from 'dayjs/plugin/utc';

dayjs.extend(utc);
dayjs.extend(timezone);

/**
 * Mantine's date pickers show and return wall-clock strings that carry no zone, which plain dayjs reads in
 * the browser's. Dates in the app are in the presenter's time zone, so the pickers' values are that zone's
 * wall clock: these convert between them and instants (ISO strings).
 */
const WALL_CLOCK = 'YYYY-MM-DD HH:mm:ss';

/** An instant as the wall clock of `tz`, e.g. "2026-12-01 21:00:00" for 12:00 UTC in Asia/Tokyo. */
export const toWallClock = (instant: string | Date, tz: string) => dayjs(instant).tz(tz).format(WALL_CLOCK);

/**
 * A wall clock ("YYYY-MM-DD HH:mm[:ss]") read in `tz`, as an ISO instant. A time skipped by a DST change
 * moves forward (02:30 → 03:30); a time that happens twice takes the second.
 */
export const fromWallClock = (wallClock: string, tz: string) => dayjs.tz(wallClock, tz).toISOString();

/** A day ("YYYY-MM-DD") in `tz`, as the instants it starts and ends at (23 or 25 hours on DST days). */
export function dayBounds(day: string, tz: string) {
  // Not startOf/endOf('day'): the timezone plugin's go through the browser's zone and its DST changes.
  const next = dayjs.utc(day).add(1, 'day').format('YYYY-MM-DD');
  return { from: fromWallClock(day, tz), to: dayjs.tz(next, tz).subtract(1, 'ms').toISOString() };
}

/** Today in `tz`, "YYYY-MM-DD". */
export const todayIn = (tz: string, now: Date = new Date()) => dayjs(now).tz(tz).format('YYYY-MM-DD');
