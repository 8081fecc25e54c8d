import type { FilmDetails } from './components/use-upload-screener';

/**
 * The details typed for a film while it uploads, kept in this browser until its screener is made: the
 * screener is created only once the film is all sent, and a reload (or a closed tab) part-way would
 * otherwise lose what was typed since the upload started. Keyed by presenter (a browser may be shared)
 * and as the unfinished upload is recognised when the same file is chosen again: by its name and size.
 */
const PREFIX = 'screenroom.upload-details:';
type FileLike = { presenterId: string; name: string; size: number };

const keyOf = (file: FileLike) => `${PREFIX}${file.presenterId}:${file.size}:${file.name}`;
const FIELDS = ['title', 'description', 'director', 'producer'] as const;

export function keepDetails(file: FileLike, details: FilmDetails) {
  try {
    window.localStorage.setItem(keyOf(file), JSON.stringify(details));
  } catch {
    // Storage full or refused (a private window): the details stay on the page, as before.
  }
}

/** What was kept for this file, only the fields that are text. */
export function keptDetails(file: FileLike): Partial<FilmDetails> {
  try {
    const stored: unknown = JSON.parse(window.localStorage.getItem(keyOf(file)) ?? '{}');
    if (!stored || typeof stored !== 'object') return {};
    const record = stored as Record<string, unknown>;
    return Object.fromEntries(FIELDS.flatMap((f) => (typeof record[f] === 'string' ? [[f, record[f]]] : [])));
  } catch {
    return {};
  }
}

export function forgetDetails(file: FileLike) {
  try {
    window.localStorage.removeItem(keyOf(file));
  } catch {
    // Nothing to forget where nothing could be kept.
  }
}

/** Forgets what was kept for any of this presenter's films that is no longer an unfinished upload. */
export function forgetDetailsExcept(presenterId: string, unfinished: FileLike[]) {
  try {
    const keep = new Set(unfinished.map(keyOf));
    const mine = `${PREFIX}${presenterId}:`;
    const stale = Object.keys(window.localStorage).filter((k) => k.startsWith(mine) && !keep.has(k));
    for (const key of stale) window.localStorage.removeItem(key);
  } catch {
    // As above.
  }
}
