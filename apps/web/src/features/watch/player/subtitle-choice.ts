import type { EventTracker } from '../event-tracker';

/** A track as the player's menu offers it: ours (by id) or one of Vimeo's (by language and kind). */
export type SubtitleTrack = { id: string; language: string; kind: string; label: string };

/** The viewer's last choice, for the next film: a language and kind, or off (null). */
export type SubtitleChoice = { language: string; kind: string } | null;

const KEY = 'screenroom.subtitles';

/** The remembered choice; undefined when the viewer never chose (or storage is out of reach). */
export function rememberedChoice(): SubtitleChoice | undefined {
  try {
    const raw = localStorage.getItem(KEY);
    if (raw === null) return undefined;
    const value = JSON.parse(raw) as unknown;
    if (value === null) return null;
    if (
      typeof value === 'object' &&
      typeof (value as { language?: unknown }).language === 'string' &&
      typeof (value as { kind?: unknown }).kind === 'string'
    )
      return { language: (value as { language: string }).language, kind: (value as { kind: string }).kind };
  } catch {
    // Unreadable or blocked storage: as if never chosen.
  }
  return undefined;
}

export function rememberChoice(track: SubtitleTrack | null) {
  try {
    localStorage.setItem(KEY, JSON.stringify(track && { language: track.language, kind: track.kind }));
  } catch {
    // Private mode or full: the choice lasts this page only.
  }
}

/** The film's track for the remembered choice: same language and kind, else the same language. */
export function trackFor<T extends SubtitleTrack>(tracks: readonly T[], choice: SubtitleChoice | undefined) {
  if (!choice) return undefined;
  return (
    tracks.find((t) => t.language === choice.language && t.kind === choice.kind) ??
    tracks.find((t) => t.language === choice.language)
  );
}

/** What the CC button turns on: the track last chosen on this page, the remembered one, or the first. */
export const toggleTarget = <T extends SubtitleTrack>(tracks: readonly T[], last: T | undefined) =>
  last ?? trackFor(tracks, rememberedChoice()) ?? tracks[0];

/**
 * The viewer chose a track (or off): remembered for the next film, and reported with the session's
 * events as its own type, not a click (the c key is none, and a click on the control already counts).
 */
export function recordChoice(tracker: Pick<EventTracker, 'push'>, track: SubtitleTrack | null) {
  rememberChoice(track);
  reportChoice(tracker, track);
}

/** The viewer chose a track (or off), reported with the session's events (see recordChoice). */
export function reportChoice(tracker: Pick<EventTracker, 'push'>, track: SubtitleTrack | null) {
  tracker.push('subtitles', { language: track?.language ?? null, ...(track ? { kind: track.kind } : {}) });
}

/** What the CC button and the c key choose: off when a track shows, else toggleTarget's (none without tracks). */
export function toggledChoice<T extends SubtitleTrack>(
  active: string | null,
  tracks: readonly T[],
  last: T | undefined,
): T | null | undefined {
  return active !== null ? null : toggleTarget(tracks, last);
}
