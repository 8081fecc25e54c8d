import { desc } from 'drizzle-orm';
import type { Database } from '../../db/client';
import { devOutbox } from '../../db/schema/dev-outbox';

export type OutboxMail = typeof devOutbox.$inferInsert;

export class DevOutboxRepository {
  constructor(private readonly db: Database) {}

  async add(mail: OutboxMail) {
    await this.db.insert(devOutbox).values(mail);
  }

  latest(limit = 50) {
    return this.db.select().from(devOutbox).orderBy(desc(devOutbox.createdAt)).limit(limit);
  }
}
