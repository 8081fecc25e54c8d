import type { EventEmitter } from 'node:events';
import { drizzle, type NodePgDatabase } from 'drizzle-orm/node-postgres';
import pg from 'pg';

export type Database = NodePgDatabase & { $client: pg.Pool };

/**
 * How long a query waits for a connection: a new one to a database that does not answer (a host gone
 * from the network, a server frozen), or a free one from a pool whose connections all hang. Without it
 * each request waited for ever; after it, the request is a 503 (`db/unreachable.ts`).
 */
export const CONNECT_TIMEOUT_MS = 10_000;

/**
 * How long a query already sent waits for its answer. A database that froze (a stopped process, a host
 * gone with the connection open) never answers, and its `statement_timeout` cannot help as the server is
 * the one not running (it is set too, for a database slow but alive). The app's own statements answer a request or a batch (analytics read rollups, one
 * statement each), so half a minute is room to spare; migrations, which may take minutes on a big table,
 * run without it (`db/migrate.ts`), and pg-boss has its own pool.
 */
export const QUERY_TIMEOUT_MS = 30_000;

/** What node-postgres says when `query_timeout` passes. */
const QUERY_TIMED_OUT = 'Query read timeout';

/**
 * A transaction's own statements whose failure leaves the connection's state unknown: drizzle's
 * node-postgres transaction releases its connection in a `finally` that a failed BEGIN never reaches,
 * and a failed ROLLBACK leaves it released as if it were clean.
 */
const BEGIN_OR_ROLLBACK = /^\s*(begin|start transaction|rollback)\b(?!\s+to\b)/i;
const ROLLBACK = /^\s*rollback\b(?!\s+to\b)/i;

/** The pool's event for a ROLLBACK that failed, with its error (`whenRollbackFails`). */
const ROLLBACK_FAILED = 'rollbackFailed';

/** What a failed ROLLBACK answers: its connection is closed, and the server undoes the transaction with it. */
const UNDONE_WITH_ITS_CONNECTION = { command: 'ROLLBACK', rowCount: null, rows: [], fields: [] };

type ClientConfig = pg.ClientConfig & { onRollbackFailed?: (error: Error) => void };

const textOf = (query: unknown) =>
  typeof query === 'string'
    ? query
    : typeof (query as { text?: unknown } | null)?.text === 'string'
      ? (query as { text: string }).text
      : '';

/**
 * A connection whose query went unanswered is closed, not handed back to the pool: node-postgres gives up
 * on the query but keeps waiting for its answer on the connection, so the next borrower (a transaction's
 * ROLLBACK first) would wait behind it, and, if the database woke up, run inside the transaction left open.
 *
 * A transaction whose BEGIN or ROLLBACK fails (the connection cut, the server ending it) hands its
 * connection back at once, to be closed: drizzle never released one whose BEGIN failed, and the pool, a
 * connection short each time, ran out. (A failed COMMIT is followed by drizzle's ROLLBACK, which decides.)
 *
 * A ROLLBACK that fails answers as done, its failure reported (`ROLLBACK_FAILED`): its connection is
 * closed, so PostgreSQL undoes the transaction anyway, and the caller (drizzle's transaction, or one
 * written by hand) throws the error its transaction failed with. drizzle threw the ROLLBACK's instead,
 * which hid what had gone wrong.
 */
class ClientThatDropsAStalledConnection extends pg.Client {
  /** The timeout that closed this connection: what the queries after it (a ROLLBACK) fail with too. */
  private stalled?: Error;
  private readonly onRollbackFailed: (error: Error) => void;

  constructor(config?: ClientConfig) {
    super(config);
    this.onRollbackFailed = config?.onRollbackFailed ?? (() => {});
    // Closing the connection emits an error here too; the queries on it report it.
    this.on('error', () => {});
  }

  // biome-ignore lint/suspicious/noExplicitAny: every overload of pg's query goes through here.
  override query(...args: any[]): any {
    if (!ROLLBACK.test(textOf(args[0]))) return this.send(args);
    const undone = (error: unknown) => {
      this.onRollbackFailed(error instanceof Error ? error : new Error(String(error)));
      return UNDONE_WITH_ITS_CONNECTION;
    };
    const last = args.at(-1);
    if (typeof last === 'function') {
      args[args.length - 1] = (error: Error | null, result: unknown) =>
        error ? last(null, undone(error)) : last(null, result);
      return this.send(args);
    }
    const sent = this.send(args);
    return sent instanceof Promise ? sent.catch(undone) : sent;
  }

  // biome-ignore lint/suspicious/noExplicitAny: every overload of pg's query goes through here.
  private send(args: any[]): any {
    const query = super.query as (...a: unknown[]) => unknown;
    const last = args.at(-1);
    const opensOrUndoes = BEGIN_OR_ROLLBACK.test(textOf(args[0]));
    const failed = (error: unknown) => {
      this.dropIfStalled(error);
      if (error && opensOrUndoes) this.handBack(error);
    };
    if (typeof last === 'function') {
      if (this.stalled) return void process.nextTick(last, this.stalled);
      args[args.length - 1] = (error: Error | null, result: unknown) => {
        failed(error);
        last(error, result);
      };
      return query.apply(this, args);
    }
    if (this.stalled) return Promise.reject(this.stalled);
    const result = query.apply(this, args);
    if (result instanceof Promise) result.catch(failed);
    return result;
  }

  private dropIfStalled(error: unknown) {
    if (!(error instanceof Error && error.message === QUERY_TIMED_OUT) || this.stalled) return;
    this.stalled = error;
    (this as unknown as { connection: { stream: { destroy(): void } } }).connection.stream.destroy();
    this.handBack(error);
  }

  /**
   * Hands the connection back to the pool with the error, so the pool closes it rather than lending it
   * again; the release its borrower may still make does nothing. Outside a pool, nothing to do.
   */
  private handBack(error: unknown) {
    const borrowed = this as unknown as { release?: (error?: Error) => void };
    const release = borrowed.release;
    if (!release) return;
    borrowed.release = () => {};
    release(error instanceof Error ? error : new Error(String(error)));
  }
}

export function createDatabase(
  url: string,
  max = 10,
  options: {
    /** false for statements that may rightly run for minutes (migrations). */
    queryTimeoutMs?: number | false;
  } = {},
): Database {
  const queryTimeout = options.queryTimeoutMs ?? QUERY_TIMEOUT_MS;
  const pool = new pg.Pool({
    connectionString: url,
    max,
    connectionTimeoutMillis: CONNECT_TIMEOUT_MS,
    query_timeout: queryTimeout === false ? undefined : queryTimeout,
    // The same limit on the server's side: a database slow but alive stops a statement the client has
    // given up on, rather than running it on for nobody.
    statement_timeout: queryTimeout === false ? undefined : queryTimeout,
    Client: ClientThatDropsAStalledConnection,
    onRollbackFailed: (error: Error) => pool.emit(ROLLBACK_FAILED, error),
  } as pg.PoolConfig);
  // A dropped idle connection must not crash the process; the pool reconnects on next use.
  pool.on('error', () => {});
  return drizzle(pool) as Database;
}

/**
 * Calls `listener` with the error of each ROLLBACK that failed (the container logs it): the caller sees
 * the error its transaction failed with instead.
 */
export function whenRollbackFails(db: Database, listener: (error: Error) => void) {
  (db.$client as unknown as EventEmitter).on(ROLLBACK_FAILED, listener);
}
