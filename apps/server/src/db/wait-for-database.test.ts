import { type ChildProcess, spawn } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { mkdtemp, rm } from 'node:fs/promises';
import net from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { freePort } from '../../test/free-port';
import { createTestDatabase } from '../../test/helpers';
import { SERVER_ROOT } from '../lib/paths';

const cleanups: (() => Promise<unknown> | unknown)[] = [];
afterEach(async () => {
  for (const cleanup of cleanups.splice(0).reverse()) await cleanup();
});

/** `main.ts` in its own process, as `npm start` runs it, on the database at `databaseUrl`. */
async function startServer(databaseUrl: string, env: Record<string, string> = {}) {
  const dataDir = await mkdtemp(path.join(tmpdir(), 'screenroom-wait-'));
  const port = await freePort();
  const child = spawn(process.execPath, ['--import', 'tsx', 'src/main.ts'], {
    cwd: SERVER_ROOT,
    env: {
      ...process.env,
      NODE_ENV: 'test',
      PORT: String(port),
      HOST: '127.0.0.1',
      DATA_DIR: dataDir,
      DATABASE_URL: databaseUrl,
      JWT_SECRET: randomBytes(32).toString('hex'),
      MASTER_KEY: randomBytes(32).toString('hex'),
      RUN_WORKER: 'false',
      LOG_LEVEL: 'silent',
      ...env,
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  child.stdout!.on('data', (chunk) => (output += chunk));
  child.stderr!.on('data', (chunk) => (output += chunk));
  const exited = new Promise<number | null>((resolve) => child.once('exit', resolve));
  cleanups.push(async () => {
    if (child.exitCode === null) child.kill('SIGKILL');
    await exited;
    await rm(dataDir, { recursive: true, force: true });
  });
  return { child, port, exited, output: () => output };
}

async function healthOf(port: number) {
  return fetch(`http://127.0.0.1:${port}/v1/health`).then(
    (res) => res.status,
    () => undefined,
  );
}

async function until<T>(
  what: () => Promise<T>,
  done: (value: T) => boolean,
  ms: number,
  child: ChildProcess,
) {
  const deadline = Date.now() + ms;
  for (;;) {
    const value = await what();
    if (done(value) || Date.now() > deadline || child.exitCode !== null) return value;
    await new Promise((r) => setTimeout(r, 250));
  }
}

/** A port that refuses connections until `open` is called, then passes them on to PostgreSQL. */
async function databaseComingUpAt(target: URL) {
  const port = await freePort();
  const sockets = new Set<net.Socket>();
  const proxy = net.createServer((socket) => {
    const upstream = net.connect(Number(target.port), target.hostname);
    for (const s of [socket, upstream]) {
      sockets.add(s);
      s.on('error', () => {});
      s.on('close', () => sockets.delete(s));
    }
    socket.pipe(upstream).pipe(socket);
  });
  cleanups.push(async () => {
    for (const s of sockets) s.destroy();
    if (proxy.listening) await new Promise((resolve) => proxy.close(resolve));
  });
  const url = new URL(target);
  url.port = String(port);
  return {
    url: url.toString(),
    open: () => new Promise<void>((resolve) => proxy.listen(port, '127.0.0.1', resolve)),
  };
}

describe('a server started before its database', () => {
  // Before, the first refused connection ended the process (exit 1) at once.
  it('waits, saying so, and serves once PostgreSQL answers', async () => {
    const { url: databaseUrl, drop } = await createTestDatabase();
    cleanups.push(drop);
    const database = await databaseComingUpAt(new URL(databaseUrl));
    const server = await startServer(database.url);
    const waiting =
      /The database at [a-z0-9.]+:\d+ cannot be reached yet \(.*ECONNREFUSED.*\); trying again in \d\.\d s/g;
    // PostgreSQL comes up after the server has waited for it three times.
    const waits = () => server.output().match(waiting)?.length ?? 0;
    await until(
      async () => waits(),
      (n) => n >= 3,
      30_000,
      server.child,
    );
    expect(server.child.exitCode, server.output()).toBeNull();
    expect(waits(), server.output()).toBeGreaterThanOrEqual(3);
    await database.open();
    const status = await until(
      () => healthOf(server.port),
      (s) => s === 200,
      45_000,
      server.child,
    );
    expect(status, server.output()).toBe(200);
    expect(server.output()).not.toContain(new URL(databaseUrl).password || 'no password');
  }, 90_000);

  it('gives up after DATABASE_WAIT_SECONDS with a message in words', async () => {
    const server = await startServer(`postgres://screenroom@127.0.0.1:${await freePort()}/screenroom`, {
      DATABASE_WAIT_SECONDS: '2',
    });
    const code = await server.exited;
    expect(code).toBe(1);
    expect(server.output()).toContain('could not be reached in 2 s');
    expect(server.output()).toContain('Check that PostgreSQL is running and that DATABASE_URL points to it.');
    expect(server.output()).not.toMatch(/\n\s+at /); // the message alone, not a stack
  }, 60_000);
});
