import type { Database } from '../../db/client';
import { logs, type NewLogRow } from '../../db/schema/logs';

export class LogsRepository {
  constructor(private readonly db: Database) {}

  async insert(entry: NewLogRow) {
    await this.db.insert(logs).values(entry);
  }
}
