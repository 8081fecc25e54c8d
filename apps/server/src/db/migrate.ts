import { migrate } from 'drizzle-orm/node-postgres/migrator';
import { MIGRATIONS_DIR } from '../lib/paths';
import { createDatabase, type Database } from './client';

export async function runMigrations(db: Database, folder = MIGRATIONS_DIR) {
  await migrate(db, { migrationsFolder: folder });
}

/**
 * Migrates on a connection of its own, without the query timeout of the app's pool: a migration that
 * rewrites a big table may rightly take minutes.
 */
export async function migrateDatabaseAt(url: string) {
  const db = createDatabase(url, 1, { queryTimeoutMs: false });
  try {
    await runMigrations(db);
  } finally {
    await db.$client.end();
  }
}
