/**
 * Event ingest: requests per second and p99 latency of the viewer's events route (batches of 10 events,
 * persisted, rolled up to the session and its tracking link) against a bare Fastify route that parses
 * the same JSON and answers, on the same machine in the same run, each server in a process of its own,
 * both driven by autocannon with 100 connections. Targets: ratio at least 0.5, p99 under 100 ms.
 *
 * Our route answers once a batch is in the event journal (fdatasync'd); PostgreSQL gets it just behind.
 * The script also reports how long after the load PostgreSQL held every answered batch (the backlog in
 * /v1/health back at 0), so the write-behind is measured too, not hidden.
 *
 *   npm run build && npm run bench:ingest      (BENCH_INGEST_SECONDS=10 by default)
 */
import { type ChildProcess, spawn } from 'node:child_process';
import autocannon from 'autocannon';
import { freePort } from '../apps/server/test/free-port';
import { json, met, root, signIn, startBuiltServer } from './support/built-server';

const SECONDS = Number(process.env.BENCH_INGEST_SECONDS ?? 10);
const CONNECTIONS = Number(process.env.BENCH_INGEST_CONNECTIONS ?? 100);
/**
 * Sessions the load is spread over: enough that none goes past its events budget (2,000 at once, then
 * 2 a second: `apps/server/src/modules/watch/event-budget.ts`) at several times this route's pace, as a
 * real audience is many sessions each sending a few events; the load would be refused (429) otherwise.
 */
const VIEWERS = 1000;
/** Viewers' links and sessions made at once while setting up. */
const OPENING_AT_ONCE = 20;
const BATCH = 10;
/** Past this, the write-behind is stuck rather than slow. */
const CATCH_UP_LIMIT_MS = 120_000;

type Session = { id: string; token: string; seq: number };

/** Ten events as a player sends them every few seconds: progress with its stretch, and what the viewer did. */
function batch(session: Session) {
  const at = Date.now();
  const events = Array.from({ length: BATCH }, (_, i) => {
    const seq = session.seq++;
    const position = (seq % 600) * 0.5;
    return i % 5 === 4
      ? { seq, type: 'click', at: at + i, position, data: { target: 'Play' } }
      : { seq, type: 'progress', at: at + i, position: position + 0.5, data: { from: position } };
  });
  // As a page sends it: its clock as the batch goes out (`sentAt`).
  return JSON.stringify({ events, sentAt: Date.now() });
}

const BARE_SERVER = `
import Fastify from 'fastify';
const app = Fastify({ logger: false });
app.post('/events', async (req) => ({ accepted: req.body.events.length, duplicates: 0 }));
await app.listen({ port: Number(process.env.PORT), host: '127.0.0.1' });
console.log('ready');
`;

async function startBareFastify() {
  const port = await freePort();
  const child = spawn(process.execPath, ['--input-type=module', '-e', BARE_SERVER], {
    cwd: root,
    env: { ...process.env, PORT: String(port) },
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  await new Promise<void>((resolve, reject) => {
    child.stdout?.on('data', (chunk: Buffer) => chunk.toString().includes('ready') && resolve());
    child.once('exit', (code) => reject(new Error(`bare Fastify exited with ${code}`)));
  });
  return { url: `http://127.0.0.1:${port}`, child };
}

const stop = async (child: ChildProcess) => {
  if (child.exitCode !== null) return;
  const exited = new Promise((r) => child.once('exit', r));
  child.kill('SIGTERM');
  await exited;
};

/** autocannon on one route, each request the next batch of the next viewer's session. */
async function load(url: string, sessions: Session[], pathOf: (s: Session) => string) {
  let next = 0;
  const result = await autocannon({
    url,
    connections: CONNECTIONS,
    duration: SECONDS,
    requests: [
      {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        setupRequest: (request) => {
          const session = sessions[next++ % sessions.length]!;
          return { ...request, path: pathOf(session), body: batch(session) };
        },
      },
    ],
  });
  if (result.non2xx > 0 || result.errors > 0) {
    throw new Error(`${url}: ${result.non2xx} non-2xx answers and ${result.errors} errors`);
  }
  return {
    rps: result.requests.average,
    p50: result.latency.p50,
    p99: result.latency.p99,
    total: result.requests.total,
  };
}

/** A playable film, a tracking link per viewer and an open session on each. */
async function openSessions(url: string) {
  const token = await signIn(url);
  const headers = { authorization: `Bearer ${token}`, 'content-type': 'application/json' };
  const { video } = await json<{ video: { id: string } }>(
    await fetch(`${url}/v1/videos/createSampleVideo`, {
      method: 'POST',
      headers: { authorization: headers.authorization },
    }),
  );
  for (let i = 0; ; i++) {
    const { video: now } = await json<{ video: { status: string } }>(
      await fetch(`${url}/v1/videos/${video.id}`, { headers }),
    );
    if (now.status === 'ready-to-use' || now.status === 'encryption-completed') break;
    if (i > 240) throw new Error(`The sample film did not become playable (${now.status})`);
    await new Promise((r) => setTimeout(r, 500));
  }
  const openOne = async (i: number): Promise<Session> => {
    const { screener } = await json<{ screener: { access_url: string } }>(
      await fetch(`${url}/v1/screeners`, {
        method: 'POST',
        headers,
        body: JSON.stringify({ video_id: video.id, viewer_email: `viewer${i}@bench.test` }),
      }),
    );
    const linkToken = screener.access_url.split('/watch/')[1]!;
    const opened = await json<{ sessionId: string; playbackToken: string }>(
      await fetch(`${url}/v1/watch/links/${linkToken}/sessions`, { method: 'POST' }),
    );
    return { id: opened.sessionId, token: opened.playbackToken, seq: 0 };
  };
  const sessions: Session[] = [];
  for (let first = 0; first < VIEWERS; first += OPENING_AT_ONCE) {
    const count = Math.min(OPENING_AT_ONCE, VIEWERS - first);
    sessions.push(...(await Promise.all(Array.from({ length: count }, (_, i) => openOne(first + i)))));
  }
  return sessions;
}

async function main() {
  const ours = await startBuiltServer(
    { SAMPLE_FILM_SECONDS: '4', X264_PRESET: 'ultrafast', AUTH_RATE_LIMIT_PER_MINUTE: '10000' },
    '.bench-ingest-',
  );
  const bare = await startBareFastify();
  try {
    const sessions = await openSessions(ours.url);
    console.log(
      `${VIEWERS} viewers with a session each; ${CONNECTIONS} connections, ${SECONDS} s per route.`,
    );
    // Playback tokens last 45 s; the events route accepts them for ten minutes more, enough for this run.
    const bareResult = await load(
      bare.url,
      sessions.map((s) => ({ ...s })),
      () => '/events',
    );
    const ourResult = await load(
      ours.url,
      sessions,
      (s) => `/v1/watch/sessions/${s.id}/events?token=${encodeURIComponent(s.token)}`,
    );
    const loadEnded = performance.now();
    let backlogAtEnd: number | null = null;
    for (;;) {
      const { eventBacklog } = await json<{ eventBacklog: number }>(await fetch(`${ours.url}/v1/health`));
      backlogAtEnd ??= eventBacklog;
      if (eventBacklog === 0) break;
      if (performance.now() - loadEnded > CATCH_UP_LIMIT_MS) {
        throw new Error(
          `PostgreSQL did not catch up: ${eventBacklog} batches still behind after ${CATCH_UP_LIMIT_MS / 1000} s`,
        );
      }
      await new Promise((r) => setTimeout(r, 100));
    }
    const caughtUpSeconds = (performance.now() - loadEnded) / 1000;
    const ratio = ourResult.rps / bareResult.rps;
    const line = (name: string, r: typeof ourResult) =>
      `  ${name} ${r.rps.toFixed(0)} requests/s (${(r.rps * BATCH).toFixed(0)} events/s), p50 ${r.p50} ms, p99 ${r.p99} ms`;
    console.log('\nEvent ingest, batches of 10 events:');
    console.log(line('bare Fastify route:     ', bareResult));
    console.log(line('our events route:       ', ourResult));
    console.log(`  ratio ${ratio.toFixed(2)} (target >= 0.5): ${met(ratio >= 0.5)}`);
    console.log(`  p99 ${ourResult.p99} ms (target < 100 ms): ${met(ourResult.p99 < 100)}`);
    console.log(
      `  PostgreSQL held every answered batch ${caughtUpSeconds.toFixed(1)} s after the load (${backlogAtEnd} batches behind when it ended)`,
    );
    if (process.env.BENCH_SHOW_SERVER_OUTPUT) console.log(ours.output());
  } catch (error) {
    console.error(ours.output());
    throw error;
  } finally {
    await stop(bare.child);
    await ours.stop();
  }
}

main().catch((error) => {
  console.error(error);
  process.exit(1);
});
