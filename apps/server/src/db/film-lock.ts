/**
 * Deleting a film locks its row first and then, through the cascades, its links, sessions and rollups.
 * A writer that locks any of those and then another must take its films' rows first (key share: it
 * does not stop other writers, only the deletion), so the deletion and the writer wait for each other
 * in one order and never deadlock. The films are locked in id order; the ones already deleted are
 * simply not returned.
 */
export const LOCK_FILMS_FIRST = 'SELECT id FROM videos WHERE id = ANY($1::uuid[]) ORDER BY id FOR KEY SHARE';

/** The same, for writers that know their sessions rather than their films. */
export const LOCK_FILMS_OF_SESSIONS_FIRST = `SELECT id FROM videos
  WHERE id IN (SELECT video_id FROM watch_sessions WHERE id = ANY($1::uuid[])) ORDER BY id FOR KEY SHARE`;
