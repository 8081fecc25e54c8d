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
