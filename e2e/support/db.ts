import { readFileSync } from 'node:fs';
import path from 'node:path';
import pg from 'pg';
import { E2E } from './env';

/** A client of the app's own database, for what no screen or API can set up (close it after use). */
export async function appDatabase() {
  const db = new pg.Client({
    host: 'localhost',
    port: E2E.pgPort,
    user: 'screenroom',
    password: readFileSync(path.join(E2E.workDir, 'data', 'db-password'), 'utf8').trim(),
    database: 'screenroom',
  });
  await db.connect();
  return db;
}
