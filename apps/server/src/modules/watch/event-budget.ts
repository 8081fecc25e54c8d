/*
 * How many events one viewing session may have reported by a given moment: EVENTS_BURST at once, and
 * EVENTS_PER_SECOND more for every second since the session started (our clock). A real player sends
 * a `progress` every 5 s while the film plays and one or two events per thing the viewer does (play,
 * pause, seek, buffering, volume, click…), and its page sends at most 100 events a batch every 5 s.
 * Two a second is ten times a playing film's pace, kept up for the whole session, and 2,000 at once is
 * more than a minute of seeking with an arrow key held down (a browser repeats a key about 30 times a
 * second): no viewer, however wildly they click and seek, comes near either. Without it, one opened
 * session took MAX_EVENTS_PER_SESSION (50,000) events in seconds; now that takes over six hours.
 */
export const EVENTS_PER_SECOND = 2;
export const EVENTS_BURST = 2000;

/** Events a session that started at `startedAt` may have reported in all by `now` (ms since the epoch). */
export function eventsAllowed(startedAt: Date, now: number) {
  const seconds = Math.max(0, (now - startedAt.getTime()) / 1000);
  return EVENTS_BURST + Math.floor(seconds * EVENTS_PER_SECOND);
}

/** Whole seconds until a session `over` events past its budget has room for them (at least 1). */
export function secondsUntilRoom(over: number) {
  return Math.max(1, Math.ceil(over / EVENTS_PER_SECOND));
}

/** A batch that would take a session past its budget: refused whole (429), the session untouched. */
export class EventBudgetSpentError extends Error {
  /** @param retryAfterSeconds when the same batch would fit (the answer's Retry-After). */
  constructor(readonly retryAfterSeconds: number) {
    super(
      'This page has sent more reports than a viewer could make in the time it has been open. These were not kept: send them again in a moment.',
    );
  }
}
