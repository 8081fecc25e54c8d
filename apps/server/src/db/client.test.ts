import net from 'node:net';
import { MESSAGES } from '@screenroom/shared/messages';
import { sql } from 'drizzle-orm';
import Fastify from 'fastify';
import { afterAll, describe, expect, it } from 'vitest';
import { createTestDatabase } from '../../test/helpers';
import { registerErrorHandlers } from '../http/error-handler';
import type { App } from '../http/types';
import type { LogsService } from '../modules/logs/logs.service';
import { CONNECT_TIMEOUT_MS, createDatabase, type Database, whenRollbackFails } from './client';
import { isDatabaseUnreachable } from './unreachable';

const sockets: net.Socket[] = [];
// A "database" that takes the connection and never says a word (a frozen server, a dead host behind a proxy).
const silent = net.createServer((socket) => {
  sockets.push(socket);
  socket.on('error', () => {});
});
afterAll(async () => {
  for (const s of sockets) s.destroy();
  await new Promise((resolve) => silent.close(resolve));
});

describe('a database that does not answer', () => {
  it('fails a query within the connect timeout, as unreachable, instead of waiting for ever', async () => {
    await new Promise<void>((resolve) => silent.listen(0, '127.0.0.1', resolve));
    const { port } = silent.address() as net.AddressInfo;
    const db = createDatabase(`postgres://nobody@127.0.0.1:${port}/frozen`, 1);
    const started = Date.now();
    const error = await db.execute(sql`select 1`).then(
      () => undefined,
      (e: unknown) => e,
    );
    expect(isDatabaseUnreachable(error)).toBe(true);
    expect(Date.now() - started).toBeLessThan(CONNECT_TIMEOUT_MS + 3000);
    await db.$client.end().catch(() => undefined);
  }, 30_000);
});

describe('a database that freezes with a connection open', () => {
  // The PostgreSQL process serving the pool's one connection is stopped (SIGSTOP), as a frozen server
  // is: the connection stays open and the query sent on it is never answered. Before the query timeout,
  // the request waited for ever.
  it('answers 503 in words once the query timeout passes, and the pool does not keep the dead connection', async () => {
    const { url, drop } = await createTestDatabase();
    const queryTimeoutMs = 1500;
    const db = createDatabase(url, 1, { queryTimeoutMs });
    const backendPid = async (run: Pick<Database, 'execute'> = db) =>
      (await run.execute<{ pid: number }>(sql`select pg_backend_pid() as pid`)).rows[0]!.pid;
    const stopped: number[] = [];
    const freeze = (pid: number) => {
      process.kill(pid, 'SIGSTOP');
      stopped.push(pid);
    };
    const app = Fastify({ logger: false }) as unknown as App;
    registerErrorHandlers(app, { record: async () => {} } as unknown as LogsService);
    app.get('/query', async () => {
      freeze(await backendPid());
      return (await db.execute(sql`select 1 as one`)).rows[0];
    });
    app.get('/transaction', async () => {
      freeze(await backendPid());
      return db.transaction(async (tx) => (await tx.execute(sql`select 1 as one`)).rows[0]);
    });
    app.get('/within-a-transaction', async () =>
      db.transaction(async (tx) => {
        freeze(await backendPid(tx));
        return (await tx.execute(sql`select 1 as one`)).rows[0];
      }),
    );
    try {
      for (const route of ['/query', '/transaction', '/within-a-transaction']) {
        const started = Date.now();
        const res = await app.inject({ method: 'GET', url: route });
        expect(res.statusCode, route).toBe(503);
        expect(res.json()).toEqual({ message: MESSAGES.databaseUnavailable, code: 'UNAVAILABLE' });
        // A transaction's ROLLBACK does not wait another timeout behind the query that went unanswered.
        expect(Date.now() - started, route).toBeLessThan(queryTimeoutMs + 1000);
        // The pool's one connection was closed, not handed to the next query (which would wait behind
        // the old one, inside its open transaction): the next query gets a new connection at once.
        expect(await backendPid(), route).not.toBe(stopped.at(-1));
      }
    } finally {
      for (const pid of stopped) process.kill(pid, 'SIGCONT');
    }
    await app.close();
    await drop();
  }, 30_000);
});

describe('a database slow but alive', () => {
  it('stops a statement the client gave up on, rather than running it on for nobody', async () => {
    const { db, url, drop } = await createTestDatabase();
    const impatient = createDatabase(url, 1, { queryTimeoutMs: 500 });
    try {
      const error = await impatient.execute(sql`select pg_sleep(5) as slow_for_nobody`).then(
        () => undefined,
        (e: unknown) => e,
      );
      expect(error).toBeInstanceOf(Error);
      // Seen from another connection, the statement no longer runs soon after the client gave up.
      await new Promise((resolve) => setTimeout(resolve, 300));
      const running = await db.execute(
        sql`select count(*)::int as n from pg_stat_activity where query like '%slow_for_nobody%' and state = 'active' and pid <> pg_backend_pid()`,
      );
      expect(running.rows[0]!.n).toBe(0);
    } finally {
      await impatient.$client.end().catch(() => undefined);
      await drop();
    }
  }, 30_000);
});

describe('a transaction that fails to begin, commit or roll back', () => {
  // drizzle releases a transaction's connection in a `finally` that a failed BEGIN never reaches: each
  // such failure kept one of the pool's connections for good, and once they were all kept, every query
  // waited for the connect timeout and failed. Here each failure happens more times than the pool holds.
  it('gives its connection back each time, so the pool still answers at once', async () => {
    const { db: admin, url, drop } = await createTestDatabase();
    const poolSize = 2;
    const db = createDatabase(url, poolSize);
    const failures = poolSize * 3;
    const failed = (attempt: Promise<unknown>) =>
      attempt.then(
        () => undefined,
        (error: unknown) => error,
      );
    const answersAtOnce = async () => {
      const started = Date.now();
      const { rows } = await db.execute<{ one: number }>(sql`select 1 as one`);
      expect(rows[0]!.one).toBe(1);
      expect(Date.now() - started).toBeLessThan(2000);
    };
    // The connection is cut between the moment the pool hands it over and the transaction's BEGIN.
    let cutOnCheckout = true;
    db.$client.on('acquire', (client) => {
      if (cutOnCheckout)
        (client as unknown as { connection: { stream: { destroy(): void } } }).connection.stream.destroy();
    });
    try {
      for (let i = 0; i < failures; i++) {
        const started = Date.now();
        const error = await failed(db.transaction(async (tx) => tx.execute(sql`select 1`)));
        expect(error).toBeInstanceOf(Error);
        // Refused at once for the cut connection, not after waiting in vain for one the pool kept.
        expect(Date.now() - started, `attempt ${i + 1}`).toBeLessThan(2000);
      }
      cutOnCheckout = false;
      await answersAtOnce();

      // The server ends the connection during the transaction (pg_terminate_backend): COMMIT fails, and
      // so does the ROLLBACK after it.
      for (let i = 0; i < failures; i++) {
        const error = await failed(
          db.transaction(async (tx) => {
            const { rows } = await tx.execute<{ pid: number }>(sql`select pg_backend_pid() as pid`);
            await admin.execute(sql`select pg_terminate_backend(${rows[0]!.pid})`);
          }),
        );
        expect(error).toBeInstanceOf(Error);
      }
      await answersAtOnce();
    } finally {
      // A pool that lost connections waits for ever for them to come back before it ends.
      await Promise.race([db.$client.end().catch(() => undefined), new Promise((r) => setTimeout(r, 1000))]);
      await drop();
    }
  }, 60_000);
});

describe('a transaction whose ROLLBACK fails', () => {
  // The connection is cut (here the server ends it) after the transaction's own work failed: the
  // ROLLBACK fails too, and drizzle threw its error instead of the one the work failed with.
  it('fails with the error its work failed with, not the ROLLBACK’s', async () => {
    const { db: admin, url, drop } = await createTestDatabase();
    const db = createDatabase(url, 1);
    const original = new Error('The work of the transaction failed');
    const reported: Error[] = [];
    whenRollbackFails(db, (error) => reported.push(error));
    try {
      const error = await db
        .transaction(async (tx) => {
          const { rows } = await tx.execute<{ pid: number }>(sql`select pg_backend_pid() as pid`);
          await admin.execute(sql`select pg_terminate_backend(${rows[0]!.pid})`);
          throw original;
        })
        .then(
          () => undefined,
          (e: unknown) => e,
        );
      expect(error).toBe(original);
      // The ROLLBACK's failure is reported, for the log.
      expect(reported).toHaveLength(1);
      expect(reported[0]).toBeInstanceOf(Error);
      // The pool goes on with a new connection.
      expect((await db.execute<{ one: number }>(sql`select 1 as one`)).rows[0]!.one).toBe(1);

      // The same for a transaction written by hand (the event store's): its ROLLBACK answers as done.
      const client = await db.$client.connect();
      await client.query('BEGIN');
      const { rows } = await client.query<{ pid: number }>('select pg_backend_pid() as pid');
      await admin.execute(sql`select pg_terminate_backend(${rows[0]!.pid})`);
      await expect(client.query('select 1')).rejects.toBeInstanceOf(Error);
      await expect(client.query('ROLLBACK')).resolves.toMatchObject({ command: 'ROLLBACK' });
      client.release();
      expect(reported).toHaveLength(2);
    } finally {
      await Promise.race([db.$client.end().catch(() => undefined), new Promise((r) => setTimeout(r, 1000))]);
      await drop();
    }
  }, 30_000);
});
