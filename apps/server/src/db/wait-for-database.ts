import pg from 'pg';
import { errorChain } from '../lib/error-chain';
import { CONNECT_TIMEOUT_MS } from './client';
import { isDatabaseUnreachable } from './unreachable';

/** How long the app waits at start for a database still starting, unless DATABASE_WAIT_SECONDS says otherwise. */
export const DATABASE_START_WAIT_SECONDS = 60;
const FIRST_WAIT_MS = 500;
const LONGEST_WAIT_MS = 5_000;

/** The database never answered in the time given: its message is all a person needs (no stack). */
export class DatabaseNotReachedError extends Error {
  override name = 'DatabaseNotReachedError';
}

/** Where the database is, for the log: host and port only, never the password. */
function placeOf(url: string) {
  try {
    const { hostname, port } = new URL(url);
    return `${hostname}:${port || 5432}`;
  } catch {
    return 'DATABASE_URL';
  }
}

/** Why, in the driver's or the system's words (a refused connection on both addresses of localhost has none but its code). */
function reasonOf(error: unknown) {
  for (const current of errorChain(error)) {
    const code = (current as { code?: unknown }).code;
    if (current.message) return current.message;
    if (typeof code === 'string') return code;
  }
  return String(error);
}

/**
 * Waits until the database at `url` answers, as one started with the app (a container starting next to
 * it) refuses connections for a few seconds. Retries with a growing wait while it cannot be reached, up
 * to `waitSeconds`, saying so each time; then fails in words. A refusal (a wrong password, no such
 * database) fails at once: waiting would not change it.
 */
export async function waitForDatabase(
  url: string,
  options: { log: (message: string) => void; waitSeconds?: number },
) {
  const waitSeconds = options.waitSeconds ?? DATABASE_START_WAIT_SECONDS;
  const deadline = Date.now() + waitSeconds * 1000;
  const place = placeOf(url);
  for (let wait = FIRST_WAIT_MS; ; wait = Math.min(wait * 2, LONGEST_WAIT_MS)) {
    const client = new pg.Client({ connectionString: url, connectionTimeoutMillis: CONNECT_TIMEOUT_MS });
    client.on('error', () => {});
    try {
      await client.connect();
      await client.query('select 1');
      return;
    } catch (error) {
      if (!isDatabaseUnreachable(error)) throw error;
      const left = deadline - Date.now();
      if (left <= 0)
        throw new DatabaseNotReachedError(
          `The database at ${place} could not be reached in ${waitSeconds} s (${reasonOf(error)}). Check that PostgreSQL is running and that DATABASE_URL points to it.`,
        );
      const next = Math.min(wait, left);
      options.log(
        `The database at ${place} cannot be reached yet (${reasonOf(error)}); trying again in ${(next / 1000).toFixed(1)} s`,
      );
      await new Promise((resolve) => setTimeout(resolve, next));
    } finally {
      await client.end().catch(() => {});
    }
  }
}
