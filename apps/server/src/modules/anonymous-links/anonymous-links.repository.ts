import { and, eq } from 'drizzle-orm';
import type { Database } from '../../db/client';
import { type AnonymousLinkRow, anonymousLinks } from '../../db/schema/sharing';

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

  async update(
    id: string,
    patch: Partial<Pick<AnonymousLinkRow, 'usageLimit' | 'endsAt' | 'status' | 'disabledAt'>>,
  ) {
    const [row] = await this.db
      .update(anonymousLinks)
      .set(patch)
      .where(eq(anonymousLinks.id, id))
      .returning();
    return row!;
  }
}
