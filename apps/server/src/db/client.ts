import { drizzle, type NodePgDatabase } from 'drizzle-orm/node-postgres';
import pg from 'pg';

export type Database = NodePgDatabase & { $client: pg.Pool };

/**
 * How long a query waits for a connection: a new one to a database that does not answer (a host gone
 * from the network, a server frozen), or a free one from a pool whose connections all hang. Without it
 * each request waited for ever; after it, the request is a 503 (`db/unreachable.ts`).
 */
export const CONNECT_TIMEOUT_MS = 10_000;

export function createDatabase(url: string, max = 10): Database {
  const pool = new pg.Pool({ connectionString: url, max, connectionTimeoutMillis: CONNECT_TIMEOUT_MS });
  // A dropped idle connection must not crash the process; the pool reconnects on next use.
  pool.on('error', () => {});
  return drizzle(pool) as Database;
}
