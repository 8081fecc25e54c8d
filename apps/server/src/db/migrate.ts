import { migrate } from 'drizzle-orm/node-postgres/migrator';
import { MIGRATIONS_DIR } from '../lib/paths';
import type { Database } from './client';

export async function runMigrations(db: Database, folder = MIGRATIONS_DIR) {
  await migrate(db, { migrationsFolder: folder });
}
