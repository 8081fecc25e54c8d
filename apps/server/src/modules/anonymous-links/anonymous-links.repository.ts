import { and, eq } from 'drizzle-orm';
import type { Database } from '../../db/client';
import { type AnonymousLinkRow, anonymousLinks } from '../../db/schema/sharing';
import { trackingLinks } from '../../db/schema/tracking-links';

export class AnonymousLinksRepository {
  constructor(private readonly db: Database) {}

  async create(values: typeof anonymousLinks.$inferInsert) {
    const [row] = await this.db.insert(anonymousLinks).values(values).onConflictDoNothing().returning();
    return row;
  }

  async findForVideo(presenterId: string, videoId: string) {
    const [row] = await this.db
      .select()
      .from(anonymousLinks)
      .where(and(eq(anonymousLinks.videoId, videoId), eq(anonymousLinks.presenterId, presenterId)));
    return row;
  }

  async findByCode(code: string) {
    const [row] = await this.db.select().from(anonymousLinks).where(eq(anonymousLinks.code, code));
    return row;
  }

  async findById(id: string) {
    const [row] = await this.db.select().from(anonymousLinks).where(eq(anonymousLinks.id, id));
    return row;
  }

  /**
   * A new end reaches the viewers already in: their links were made with the anonymous link's end, and
   * they are bound by its settings (an extended link refused them as ended).
   */
  async update(
    id: string,
    patch: Partial<Pick<AnonymousLinkRow, 'usageLimit' | 'endsAt' | 'status' | 'disabledAt'>>,
  ) {
    return this.db.transaction(async (tx) => {
      const [row] = await tx.update(anonymousLinks).set(patch).where(eq(anonymousLinks.id, id)).returning();
      if (patch.endsAt !== undefined) {
        await tx
          .update(trackingLinks)
          .set({ endsAt: patch.endsAt })
          .where(eq(trackingLinks.anonymousLinkId, id));
      }
      return row!;
    });
  }
}
