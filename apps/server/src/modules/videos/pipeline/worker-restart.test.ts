import { type ChildProcess, spawn } from 'node:child_process';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { makeClip } from '../../../../test/clips';
import { createTestApp, type TestApp } from '../../../../test/helpers';
import { tusUpload, waitForVideo } from '../../../../test/media';
import { SERVER_ROOT } from '../../../lib/paths';
import { PIPELINE_QUEUES } from './video-pipeline';

let t: TestApp;
let dir: string;
const workers: ChildProcess[] = [];

/** `worker.ts` in its own process, on the test's database and data folder, as on a second machine. */
function startWorker(preset: string) {
  const child = spawn(process.execPath, ['--import', 'tsx', 'src/worker.ts'], {
    cwd: SERVER_ROOT,
    env: {
      ...process.env,
      NODE_ENV: 'test',
      DATABASE_URL: t.databaseUrl,
      DATA_DIR: t.dataDir,
      JWT_SECRET: t.config.jwtSecret,
      MASTER_KEY: t.config.masterKey.toString('hex'),
      X264_PRESET: preset,
      HLS_SEGMENT_SECONDS: '2',
      JOB_MONITOR_INTERVAL_SECONDS: '2',
      LOG_LEVEL: 'silent',
    },
    stdio: 'ignore',
  });
  workers.push(child);
  return child;
}

beforeAll(async () => {
  // The API process runs no worker here: only the spawned workers process films.
  t = await createTestApp({}, { worker: false });
  dir = await mkdtemp(path.join(tmpdir(), 'screenroom-restart-'));
});
afterAll(async () => {
  for (const w of workers) w.kill('SIGKILL');
  await t.close();
  await rm(dir, { recursive: true, force: true });
});

/** A presenter's 720p film of this many seconds, uploaded and waiting for a worker. */
async function uploadedFilm(file: string, seconds: number) {
  const me = await t.signUp();
  const clip = await makeClip(path.join(dir, file), { seconds, width: 1280, height: 720 });
  const { uploadId } = await tusUpload(t, me.headers, clip);
  const created = await t.app.inject({
    method: 'POST',
    url: '/v1/videos',
    headers: me.headers,
    payload: { source: 'upload', upload_id: uploadId, title: file, description: 'Stopped mid-way' },
  });
  return { me, id: created.json().video.id as string };
}

/** A fast worker started now takes the film to its end (or its failure). */
function finishedByFreshWorker(headers: Record<string, string>, id: string) {
  startWorker('ultrafast');
  return waitForVideo(
    t,
    headers,
    id,
    (v) => v.status === 'encryption-completed' || v.status.endsWith('failed'),
    150_000,
  );
}

describe('a worker killed mid-way', () => {
  it('leaves a job that a restarted worker finishes', async () => {
    const { me, id } = await uploadedFilm('long.mp4', 24);

    // A slow preset keeps the first worker busy long enough to be killed while encoding.
    const first = startWorker('slow');
    const busy = await waitForVideo(t, me.headers, id, (v) => v.status === 'encoding-in-progress', 60_000);
    expect(busy.status).toBe('encoding-in-progress');
    first.kill('SIGKILL');
    await new Promise((r) => first.once('exit', r));

    // Nobody is working on it now: the film stays mid-step until a worker comes back.
    await new Promise((r) => setTimeout(r, 1500));
    const stuck = await t.app.inject({ method: 'GET', url: `/v1/videos/${id}`, headers: me.headers });
    expect(stuck.json().video.status).toBe('encoding-in-progress');

    const done = await finishedByFreshWorker(me.headers, id);
    expect(done.status).toBe('encryption-completed');
    expect(done.renditions).toEqual(['360p', '720p']);
    const segments = (await t.container.storage.list(`videos/${id}/hls`)).filter((k) =>
      k.endsWith('.ts'),
    ).length;
    expect(await t.container.streams.countKeys(id)).toBe(segments);
  }, 240_000);

  it('hands its job back when stopped on purpose, without spending a retry', async () => {
    // Only this test's worker may take the job: the earlier test's are gone.
    await Promise.all(
      workers.splice(0).map((w) => {
        w.kill('SIGKILL');
        return w.exitCode === null && w.signalCode === null ? new Promise((r) => w.once('exit', r)) : null;
      }),
    );
    const { me, id } = await uploadedFilm('stopped.mp4', 12);

    const first = startWorker('slow');
    await waitForVideo(t, me.headers, id, (v) => v.status === 'encoding-in-progress', 60_000);
    // SIGTERM, as a deploy or Ctrl-C stops a server: its encode is stopped with it.
    first.kill('SIGTERM');
    const code = await new Promise<number | null>((r) => first.once('exit', (c) => r(c)));
    expect(code).toBe(0);

    const { rows: jobs } = await t.db.$client.query<{ state: string; retry_count: number }>(
      `select state, retry_count from pgboss.job where name = $1 and data->>'videoId' = $2 order by created_on`,
      [PIPELINE_QUEUES.encode, id],
    );
    // The stopped job finished, and a fresh one waits with all its retries.
    expect(jobs).toEqual([
      { state: 'completed', retry_count: 0 },
      { state: 'created', retry_count: 0 },
    ]);
    const film = await t.app.inject({ method: 'GET', url: `/v1/videos/${id}`, headers: me.headers });
    expect(film.json().video.failure_reason).toBeNull();
    const { rows: failures } = await t.db.$client.query(
      `select message from logs where video_id = $1 and level = 'error'`,
      [id],
    );
    expect(failures).toEqual([]);

    const done = await finishedByFreshWorker(me.headers, id);
    expect(done.status).toBe('encryption-completed');
  }, 240_000);
});
