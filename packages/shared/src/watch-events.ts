// Plain constants (no zod), so the viewer's page can use them without the validation library.

/** What the player reports. `progress` (and `pause`, `seek`, `ended`) carry `data.from`: where the stretch
 * of film just played began, so the server can add [from, position] to what was watched. */
export const WATCH_EVENT_TYPES = [
  'play',
  'pause',
  'seek',
  'progress',
  'ended',
  'fullscreen',
  'visibility',
  'volume',
  'rate',
  'quality',
  'buffering',
  'click',
  'error',
  'unload',
  /** The viewer turned subtitles on (`data.language`, `data.kind`) or off (`data.language: null`). */
  'subtitles',
] as const;
export type WatchEventType = (typeof WATCH_EVENT_TYPES)[number];

export const MAX_EVENTS_PER_BATCH = 100;

/**
 * Events one session may report (their seq numbers run from 0 below this): days of watching at the
 * player's pace, and a ceiling on what one opened link can pour into the database.
 */
export const MAX_EVENTS_PER_SESSION = 50_000;

/** Events a session replay carries, from the start; the replay says when a session had more. */
export const REPLAY_EVENTS_LIMIT = 10_000;

/**
 * A session with no sign of life for this long has ended (DOMAIN.md). Within it, the same page opened
 * again in its tab (a reload, a tab reopened) goes on with its session instead of starting another. A
 * page that was itself silent this long (asleep, offline) goes on when it comes back, and the silence is
 * left out of the session's time spent.
 */
export const SESSION_IDLE_MS = 2 * 60_000;
