import { type ChildProcess, spawn } from 'node:child_process';
import { chmod, mkdtemp, rm } from 'node:fs/promises';
import path from 'node:path';
import { freePort } from '../../apps/server/test/free-port';

export const root = path.resolve(import.meta.dirname, '../..');

/** The built server (`npm run build`) in a process of its own, on a fresh embedded PostgreSQL. */
export type BuiltServer = {
  url: string;
  process: ChildProcess;
  work: string;
  /** The last few kB the server printed. */
  output: () => string;
  stop: () => Promise<void>;
};

async function waitForHealth(url: string, output: () => string) {
  for (let i = 0; i < 240; i++) {
    try {
      if ((await fetch(`${url}/v1/health`)).ok) return;
    } catch {}
    await new Promise((r) => setTimeout(r, 250));
  }
  throw new Error(`The server did not start:\n${output()}`);
}

export async function startBuiltServer(
  env: Record<string, string>,
  prefix = '.bench-',
): Promise<BuiltServer> {
  const work = await mkdtemp(path.join(root, prefix));
  await chmod(work, 0o755); // PostgreSQL runs as another user (as root) and must enter this folder.
  const port = await freePort();
  const url = `http://127.0.0.1:${port}`;
  const child = spawn(
    process.execPath,
    [...(process.env.BENCH_NODE_FLAGS?.split(' ').filter(Boolean) ?? []), 'apps/server/dist/main.js'],
    {
      cwd: root,
      env: {
        ...process.env,
        PORT: String(port),
        PUBLIC_URL: url,
        DATA_DIR: path.join(work, 'data'),
        EMBEDDED_PG_PORT: String(await freePort()),
        LOG_LEVEL: 'warn',
        ...env,
      },
      stdio: ['ignore', 'pipe', 'pipe'],
    },
  );
  let output = '';
  const keep = (chunk: Buffer) => {
    output = (output + chunk.toString()).slice(-4000);
  };
  child.stdout?.on('data', keep);
  child.stderr?.on('data', keep);
  const stop = async () => {
    if (child.exitCode === null) {
      const exited = new Promise((r) => child.once('exit', r));
      child.kill('SIGTERM');
      await exited;
    }
    await rm(work, { recursive: true, force: true });
  };
  try {
    await waitForHealth(url, () => output);
  } catch (error) {
    await stop();
    throw error;
  }
  return { url, process: child, work, output: () => output, stop };
}

/** Registers a presenter through the API, reading the code from the development outbox. */
export async function signIn(url: string, email = 'bench@screenroom.local') {
  const post = (p: string, body: object) =>
    fetch(`${url}/v1${p}`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify(body),
    });
  await post('/auth/register', { name: 'Bench', email, ownsVideoRights: true });
  const outbox = (await (await fetch(`${url}/v1/dev/outbox`)).json()) as { results: { subject: string }[] };
  const otp = /\d{6}/.exec(outbox.results[0]!.subject)![0];
  const verified = (await (await post('/auth/verify-otp', { email, otp })).json()) as {
    tokens: { access: { token: string } };
  };
  return verified.tokens.access.token;
}

export const met = (ok: boolean) => (ok ? 'MET' : 'NOT MET');

/** The JSON body of an answer that must have succeeded. */
export async function json<T>(response: Response): Promise<T> {
  if (!response.ok) throw new Error(`${response.url}: ${response.status} ${await response.text()}`);
  return (await response.json()) as T;
}
