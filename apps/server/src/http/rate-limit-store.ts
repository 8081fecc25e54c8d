import type { FastifyRateLimitStore, FastifyRateLimitStoreCtor } from '@fastify/rate-limit';
import type { Pool } from 'pg';

type Callback = Parameters<FastifyRateLimitStore['incr']>[1];
/** What the plugin hands `child` at run time (its types leave `routeInfo` out). */
type RouteParams = { routeInfo?: { method?: string; url?: string } };

/** How often a server clears the windows that are over (a row per address and route). */
const SWEEP_EVERY_MS = 10 * 60_000;

/**
 * One request counted in its window, in one statement: a new key or a window that is over starts again
 * at 1; otherwise the count goes up and the window keeps its end. Answers the count and the window's
 * milliseconds left. The clock is the database's, the same for every server.
 */
const COUNT = `
  INSERT INTO rate_limit_hits AS r (key, hits, resets_at)
  VALUES ($1, 1, clock_timestamp() + $2 * interval '1 millisecond')
  ON CONFLICT (key) DO UPDATE SET
    hits = CASE WHEN r.resets_at <= clock_timestamp() THEN 1 ELSE r.hits + 1 END,
    resets_at = CASE WHEN r.resets_at <= clock_timestamp() THEN excluded.resets_at ELSE r.resets_at END
  RETURNING hits, greatest(0, ceil(extract(epoch FROM r.resets_at - clock_timestamp()) * 1000))::int AS ttl`;

/**
 * A store for @fastify/rate-limit that keeps its counts in PostgreSQL (`rate_limit_hits`), so every
 * server on the database counts the same requests; its default store counts in each process's memory.
 * The plugin makes it with `new`, so this answers a class bound to the pool. Our limits use neither
 * `continueExceeding` nor `exponentialBackoff`, so this store has neither.
 */
export function postgresRateLimitStore(pool: Pool): FastifyRateLimitStoreCtor {
  let lastSweep = 0;
  const sweep = () => {
    const now = Date.now();
    if (now - lastSweep < SWEEP_EVERY_MS) return;
    lastSweep = now;
    pool.query('DELETE FROM rate_limit_hits WHERE resets_at < clock_timestamp()').catch(() => undefined);
  };

  return class PostgresRateLimitStore implements FastifyRateLimitStore {
    constructor(
      _options?: unknown,
      private readonly prefix = '',
    ) {}

    incr(key: string, callback: Callback, timeWindow: number) {
      pool.query<{ hits: number; ttl: number }>(COUNT, [this.prefix + key, timeWindow]).then(
        ({ rows: [row] }) => {
          sweep();
          callback(null, { current: row!.hits, ttl: row!.ttl });
        },
        (error: Error) => callback(error),
      );
    }

    /** Each route counts on its own, as the plugin's stores do. */
    child(route: object) {
      const { method = '', url = '' } = (route as RouteParams).routeInfo ?? {};
      return new PostgresRateLimitStore(undefined, `${this.prefix}${method}${url}-`);
    }
  };
}
