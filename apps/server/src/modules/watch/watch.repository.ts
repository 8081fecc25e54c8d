import { and, desc, eq, ne, sql } from 'drizzle-orm';
import type { Database } from '../../db/client';
import { watchSessions } from '../../db/schema/watch';
import { rollups } from './rollups';

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

  /** Counts a new (not preview) session in its film's rollups. */
  recordOpened(opened: Parameters<typeof rollups.sessionOpened>[1]) {
    return rollups.sessionOpened(this.db, opened);
  }

  async touch(id: string, at: Date) {
    await this.db
      .update(watchSessions)
      .set({ lastSeenAt: sql`greatest(${watchSessions.lastSeenAt}, ${at.toISOString()}::timestamptz)` })
      .where(eq(watchSessions.id, id));
  }
}
