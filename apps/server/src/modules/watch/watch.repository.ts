import type { WatchEvent } from '@screenroom/shared/schemas/watch';
import { and, desc, eq, ne, sql } from 'drizzle-orm';
import type { Database } from '../../db/client';
import { watchEvents, watchSessions } from '../../db/schema/watch';
import { mergeRanges, summarize } from './ingest';

export type NewSession = typeof watchSessions.$inferInsert;

export class WatchRepository {
  constructor(private readonly db: Database) {}

  async createSession(values: NewSession) {
    const [row] = await this.db.insert(watchSessions).values(values).returning();
    return row!;
  }

  async findSession(id: string) {
    const [row] = await this.db.select().from(watchSessions).where(eq(watchSessions.id, id));
    return row;
  }

  /** Where the viewer of this link stopped in their latest earlier session (to resume there). */
  async lastPositionOfLink(trackingLinkId: string, exceptSessionId: string) {
    const [row] = await this.db
      .select({ position: watchSessions.lastPosition })
      .from(watchSessions)
      .where(and(eq(watchSessions.trackingLinkId, trackingLinkId), ne(watchSessions.id, exceptSessionId)))
      .orderBy(desc(watchSessions.lastSeenAt))
      .limit(1);
    return row?.position ?? null;
  }

  async touch(id: string, at: Date) {
    await this.db
      .update(watchSessions)
      .set({ lastSeenAt: sql`greatest(${watchSessions.lastSeenAt}, ${at.toISOString()}::timestamptz)` })
      .where(eq(watchSessions.id, id));
  }

  /**
   * Stores a batch of events and folds the new ones into the session, in one transaction. Events whose
   * seq the session already has are ignored, so a retried batch never counts twice.
   */
  async ingest(sessionId: string, events: WatchEvent[], duration: number | null) {
    return this.db.transaction(async (tx) => {
      const inserted = await tx
        .insert(watchEvents)
        .values(
          events.map((e) => ({
            sessionId,
            seq: e.seq,
            type: e.type,
            at: new Date(e.at),
            position: e.position,
            data: e.data ?? null,
          })),
        )
        .onConflictDoNothing()
        .returning({ seq: watchEvents.seq });
      const fresh = new Set(inserted.map((r) => r.seq));
      const delta = summarize(
        events.filter((e) => fresh.has(e.seq)),
        duration,
      );
      if (fresh.size === 0) return { accepted: 0, duplicates: events.length, delta, firstView: false };
      const [session] = await tx
        .select()
        .from(watchSessions)
        .where(eq(watchSessions.id, sessionId))
        .for('update');
      if (!session) throw new Error('The session disappeared');
      const firstView = delta.started && session.views === 0;
      await tx
        .update(watchSessions)
        .set({
          watchedSeconds: session.watchedSeconds + delta.watchedSeconds,
          playedRanges: mergeRanges([...session.playedRanges, ...delta.stretches]),
          views: firstView ? 1 : session.views,
          clicks: session.clicks + delta.clicks,
          eventsCount: session.eventsCount + fresh.size,
          lastPosition: delta.lastPosition ?? session.lastPosition,
          lastSeenAt: delta.lastAt && delta.lastAt > session.lastSeenAt ? delta.lastAt : session.lastSeenAt,
          closedAt: delta.closed ? delta.lastAt : session.closedAt,
        })
        .where(eq(watchSessions.id, sessionId));
      return { accepted: fresh.size, duplicates: events.length - fresh.size, delta, firstView };
    });
  }
}
