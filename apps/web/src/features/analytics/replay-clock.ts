import type { ReplayEvent } from '@screenroom/shared/schemas/analytics';
import { SESSION_IDLE_MS, type WatchEventType } from '@screenroom/shared/watch-events';

/**
 * The replay clock: a session's events laid on a time line (milliseconds of replay from the first
 * event), the viewer's film position and play state at any point of it, and what the presenter's player
 * must do to follow. Pure, so it is tested without a browser.
 *
 * A player that plays reports its progress every few seconds, so a stretch longer than SESSION_IDLE_MS
 * without an event is one where nothing happened (paused, asleep, offline): the replay spends
 * SKIPPED_GAP_MS on it instead of sitting through an hour of nothing.
 */

/** Replay time given to a stretch without activity: long enough to see it pass, short enough to move on. */
export const SKIPPED_GAP_MS = 3000;

/** Where the viewer was after an event: film position (s), whether the film was playing, at what rate. */
export type ViewerState = { position: number; playing: boolean; rate: number };

export type ReplayMark = {
  seq: number;
  type: WatchEventType;
  /** Milliseconds of replay from the session's first event (stretches without activity shortened). */
  offsetMs: number;
  /** Milliseconds of the session's real time since its first event. */
  sessionMs: number;
  position: number;
  data: Record<string, unknown> | null;
  /** The viewer's state once this event happened. */
  after: ViewerState;
};

/** A stretch without activity after the mark `afterIndex`, shortened to SKIPPED_GAP_MS of replay. */
export type SkippedGap = {
  afterIndex: number;
  /** Where the stretch starts on the replay's time line. */
  offsetMs: number;
  /** How long nothing happened, in the session's real time. */
  idleMs: number;
};

export type ReplayTimeline = {
  startMs: number;
  /** The replay's length, stretches without activity shortened. */
  durationMs: number;
  /** The session's real span, first event to last. */
  sessionMs: number;
  marks: ReplayMark[];
  gaps: SkippedGap[];
};

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

/**
 * Lays the events (ordered by seq, as the server gives them) on the replay time line, each stretch
 * longer than SESSION_IDLE_MS between two of them shortened to SKIPPED_GAP_MS.
 */
export function buildTimeline(events: readonly ReplayEvent[]): ReplayTimeline {
  if (events.length === 0) return { startMs: 0, durationMs: 0, sessionMs: 0, marks: [], gaps: [] };
  const startMs = Date.parse(events[0]?.at ?? '');
  let state: ViewerState = { position: events[0]?.position ?? 0, playing: false, rate: 1 };
  let sessionMs = 0;
  let offsetMs = 0;
  const gaps: SkippedGap[] = [];
  const marks = events.map((event, index) => {
    state = nextState(state, event);
    // A clock that went backwards between two events does not move the replay backwards.
    const at = Math.max(sessionMs, Date.parse(event.at) - startMs);
    const idleMs = at - sessionMs;
    if (idleMs > SESSION_IDLE_MS) {
      gaps.push({ afterIndex: index - 1, offsetMs, idleMs });
      offsetMs += SKIPPED_GAP_MS;
    } else offsetMs += idleMs;
    sessionMs = at;
    return {
      seq: event.seq,
      type: event.type,
      offsetMs,
      sessionMs,
      position: event.position,
      data: event.data,
      after: state,
    };
  });
  return { startMs, durationMs: offsetMs, sessionMs, marks, gaps };
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
 * The session's real time (ms since its first event) at a moment of the replay: the first seconds of a
 * skipped stretch pass as they did, then the replay goes on at the next event.
 */
export function sessionMsAt(timeline: ReplayTimeline, offsetMs: number) {
  const mark = timeline.marks[markIndexAt(timeline, offsetMs)];
  return mark ? mark.sessionMs + (offsetMs - mark.offsetMs) : 0;
}

/** The skipped stretch the replay is in at `offsetMs`, if any (at its two ends, their events are). */
export function skippedGapAt(timeline: ReplayTimeline, offsetMs: number) {
  return timeline.gaps.find((gap) => offsetMs > gap.offsetMs && offsetMs < gap.offsetMs + SKIPPED_GAP_MS);
}

/** All the time without activity the replay skips over. */
export const idleSkippedMs = (timeline: ReplayTimeline) =>
  timeline.gaps.reduce((sum, gap) => sum + gap.idleMs, 0);

/**
 * The viewer's state at `offsetMs`: the last event's, moved on by the replay time since if the film was
 * playing (across a skipped stretch, only its few seconds), never past where the next event finds the
 * film (a viewer's stall or buffering shows as the film waiting there). `filmDuration` caps the position.
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
