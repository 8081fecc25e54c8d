import { SESSION_IDLE_MS } from '@screenroom/shared/watch-events';
import { and, desc, eq, ne, sql } from 'drizzle-orm';
import type { Database } from '../../db/client';
import { videos } from '../../db/schema/videos';
import { watchSessions } from '../../db/schema/watch';
import { rollups } from './rollups';

export type NewSession = typeof watchSessions.$inferInsert;

/**
 * A sign of life at `at` (our clock): the session's last sign of life moves on to it, and a silence of
 * SESSION_IDLE_MS or more before it is added to what time spent leaves out, and kept as the latest, which
 * the page's own reports may give back in part when they arrive after it (silence.ts says why). One
 * UPDATE, so it reads the row as it is at that moment, whatever the event projector wrote before: the
 * projector holds the row locked while it writes, and this waits for it.
 */
function seenAgain(at: Date) {
  const when = sql`${at.toISOString()}::timestamptz`;
  const gap = sql`(${when} - ${watchSessions.lastSeenAt})`;
  const silent = sql`${gap} >= ${SESSION_IDLE_MS} * interval '1 millisecond'`;
  return {
    lastSeenAt: sql`greatest(${watchSessions.lastSeenAt}, ${when})`,
    silentSeconds: sql`${watchSessions.silentSeconds} + CASE WHEN ${silent} THEN extract(epoch FROM ${gap}) ELSE 0 END`,
    silenceFrom: sql`CASE WHEN ${silent} THEN ${watchSessions.lastSeenAt} ELSE ${watchSessions.silenceFrom} END`,
    silenceTo: sql`CASE WHEN ${silent} THEN ${when} ELSE ${watchSessions.silenceTo} END`,
  };
}

export class WatchRepository {
  constructor(private readonly db: Database) {}

  /** The new session, or undefined when its film was deleted meanwhile. */
  async createSession(values: NewSession) {
    return this.db.transaction(async (tx) => {
      // The film first, as its deletion locks it (db/film-lock.ts).
      const [film] = await tx
        .select({ id: videos.id })
        .from(videos)
        .where(eq(videos.id, values.videoId))
        .for('key share');
      if (!film) return undefined;
      const [row] = await tx.insert(watchSessions).values(values).returning();
      return row!;
    });
  }

  async findSession(id: string) {
    const [row] = await this.db.select().from(watchSessions).where(eq(watchSessions.id, id));
    return row;
  }

  /** Where the viewer of this link stopped in their latest session but `exceptSessionId` (to resume there). */
  async lastPositionOfLink(trackingLinkId: string, exceptSessionId: string | null) {
    const ofLink = eq(watchSessions.trackingLinkId, trackingLinkId);
    const [row] = await this.db
      .select({ position: watchSessions.lastPosition })
      .from(watchSessions)
      .where(exceptSessionId ? and(ofLink, ne(watchSessions.id, exceptSessionId)) : ofLink)
      .orderBy(desc(watchSessions.lastSeenAt))
      .limit(1);
    return row?.position ?? null;
  }

  /** Counts a new (not preview) session in its film's rollups. */
  recordOpened(opened: Parameters<typeof rollups.sessionOpened>[1]) {
    return rollups.sessionOpened(this.db, opened);
  }

  /** A sign of life from the session's page (a heartbeat). */
  async touch(id: string, at: Date) {
    await this.db.update(watchSessions).set(seenAgain(at)).where(eq(watchSessions.id, id));
  }

  /**
   * The session goes on in a reloaded page: open again, seen at `at`, with the page's new secret, and its
   * highest seq moved to just below the page's first, so no report of the pages before can close it.
   * Undefined when the session no longer exists.
   */
  async resume(
    id: string,
    to: { at: Date; secretHash: string; lastSeq: number; authSessionId?: string | null },
  ) {
    const [row] = await this.db
      .update(watchSessions)
      .set({
        ...seenAgain(to.at),
        closedAt: null,
        secretHash: to.secretHash,
        lastSeq: to.lastSeq,
        ...(to.authSessionId !== undefined ? { authSessionId: to.authSessionId } : {}),
      })
      .where(eq(watchSessions.id, id))
      .returning();
    return row;
  }
}
