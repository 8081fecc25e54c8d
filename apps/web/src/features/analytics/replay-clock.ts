import type { ReplayEvent } from '@screenroom/shared/schemas/analytics';
import type { WatchEventType } from '@screenroom/shared/watch-events';

/**
 * The replay clock: a session's events laid on a time line (milliseconds from the first event), the
 * viewer's film position and play state at any point of it, and what the presenter's player must do to
 * follow. Pure, so it is tested without a browser.
 */

/** Where the viewer was after an event: film position (s), whether the film was playing, at what rate. */
export type ViewerState = { position: number; playing: boolean; rate: number };

export type ReplayMark = {
  seq: number;
  type: WatchEventType;
  /** Milliseconds from the session's first event. */
  offsetMs: number;
  position: number;
  data: Record<string, unknown> | null;
  /** The viewer's state once this event happened. */
  after: ViewerState;
};

export type ReplayTimeline = { startMs: number; durationMs: number; marks: ReplayMark[] };

export const REPLAY_SPEEDS = [1, 2, 4, 8, 16] as const;
export type ReplaySpeed = (typeof REPLAY_SPEEDS)[number];

const STOPPING: ReadonlySet<WatchEventType> = new Set(['pause', 'ended', 'unload', 'error']);

function nextState(state: ViewerState, event: ReplayEvent): ViewerState {
  const position = event.position;
  if (event.type === 'play' || event.type === 'progress') return { ...state, position, playing: true };
  // A page that went away (a reload goes on in the same session) comes back at normal speed.
  if (event.type === 'unload') return { position, playing: false, rate: 1 };
  if (STOPPING.has(event.type)) return { ...state, position, playing: false };
  if (event.type === 'rate') {
    // Numbers only, as the player sends them (the server counts film times the same way).
    const rate = event.data?.rate;
    return {
      ...state,
      position,
      rate: typeof rate === 'number' && Number.isFinite(rate) && rate > 0 ? rate : state.rate,
    };
  }
  // seek keeps playing or paused as it was; the others only tell where the film was.
  return { ...state, position };
}

/** Lays the events (ordered by seq, as the server gives them) on the replay time line. */
export function buildTimeline(events: readonly ReplayEvent[]): ReplayTimeline {
  if (events.length === 0) return { startMs: 0, durationMs: 0, marks: [] };
  const startMs = Date.parse(events[0]?.at ?? '');
  let state: ViewerState = { position: events[0]?.position ?? 0, playing: false, rate: 1 };
  let last = 0;
  const marks = events.map((event) => {
    state = nextState(state, event);
    // A clock that went backwards between two events does not move the replay backwards.
    last = Math.max(last, Date.parse(event.at) - startMs);
    return {
      seq: event.seq,
      type: event.type,
      offsetMs: last,
      position: event.position,
      data: event.data,
      after: state,
    };
  });
  return { startMs, durationMs: last, marks };
}

/** Index of the last mark at or before `offsetMs` (-1 before the first). */
export function markIndexAt(timeline: ReplayTimeline, offsetMs: number) {
  let low = 0;
  let high = timeline.marks.length - 1;
  let found = -1;
  while (low <= high) {
    const mid = (low + high) >> 1;
    if ((timeline.marks[mid]?.offsetMs ?? 0) <= offsetMs) {
      found = mid;
      low = mid + 1;
    } else high = mid - 1;
  }
  return found;
}

/**
 * The viewer's state at `offsetMs`: the last event's, moved on by the time since if the film was
 * playing, never past where the next event finds the film (a viewer's stall or buffering shows as the
 * film waiting there). `filmDuration` caps the position.
 */
export function viewerStateAt(
  timeline: ReplayTimeline,
  offsetMs: number,
  filmDuration?: number | null,
): ViewerState & { index: number } {
  const index = markIndexAt(timeline, offsetMs);
  const mark = timeline.marks[index];
  if (!mark) {
    const first = timeline.marks[0];
    return { position: first?.position ?? 0, playing: false, rate: 1, index };
  }
  let position = mark.after.position;
  if (mark.after.playing) {
    position += ((offsetMs - mark.offsetMs) / 1000) * mark.after.rate;
    const next = timeline.marks[index + 1];
    const bound = next ? playedUpTo(next) : Number.NaN;
    if (Number.isFinite(bound) && bound >= mark.after.position) position = Math.min(position, bound);
  }
  if (filmDuration && filmDuration > 0) position = Math.min(position, filmDuration);
  return { ...mark.after, position, index };
}

/** Where the film was when an event came: a jump reports where it left from in data.at (a number). */
function playedUpTo(mark: { type: string; position: number; data?: Record<string, unknown> | null }) {
  if (mark.type !== 'seek') return mark.position;
  const leftFrom = mark.data?.at;
  return typeof leftFrom === 'number' ? leftFrom : Number.NaN;
}

/** The replay clock after `elapsedMs` of real time at `speed`, stopped at the end. */
export function advanceClock(offsetMs: number, elapsedMs: number, speed: number, durationMs: number) {
  return Math.min(durationMs, Math.max(0, offsetMs + Math.max(0, elapsedMs) * speed));
}

export type PlayerState = { currentTime: number; paused: boolean };
export type SyncAction = { seekTo: number | null; play: boolean; pause: boolean; playbackRate: number };

/** Beyond this gap (seconds) the presenter's player jumps rather than drifting along. */
export const syncTolerance = (speed: number) => 1 + speed * 0.25;

const MIN_RATE = 0.0625;
const MAX_RATE = 16;

/**
 * What the presenter's player must do to follow the viewer: jump when it is too far from where they
 * are, play where they played, pause where they paused, and run at the replay speed (times the
 * viewer's own rate) so it keeps up between events. `replaying` false (the replay is paused): the film
 * pauses too.
 */
export function syncAction(
  viewer: ViewerState,
  player: PlayerState,
  speed: number,
  replaying: boolean,
): SyncAction {
  const shouldPlay = replaying && viewer.playing;
  const off = Math.abs(player.currentTime - viewer.position) > syncTolerance(speed);
  return {
    seekTo: off ? viewer.position : null,
    play: shouldPlay && player.paused,
    pause: !shouldPlay && !player.paused,
    playbackRate: Math.min(MAX_RATE, Math.max(MIN_RATE, speed * viewer.rate)),
  };
}

/** The session after `current` in the list (the next one down), or null at the end. */
export function nextSessionId(sessionIds: readonly string[], current: string) {
  const index = sessionIds.indexOf(current);
  return index >= 0 ? (sessionIds[index + 1] ?? null) : null;
}
