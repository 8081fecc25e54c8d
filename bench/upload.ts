/**
 * Upload: a 1 GB film through our tus endpoint (the built server in its own process, tus-js-client as
 * the browser uses it) against a plain copy of the same file on the same disk. Prints the throughput of
 * both, their ratio (target: at least 0.5), and how much the server's memory grew (target: < 100 MB).
 *
 *   npm run build && npm run bench:upload      (BENCH_UPLOAD_MB=1024 by default)
 */
import { type ChildProcess, spawn } from 'node:child_process';
import { createReadStream } from 'node:fs';
import { copyFile, mkdtemp, readFile, rm, stat } from 'node:fs/promises';
import path from 'node:path';
import * as tus from 'tus-js-client';
import { resolveMediaTools, runTool } from '../apps/server/src/media/tools';
import { freePort } from '../apps/server/test/free-port';

const MEGABYTES = Number(process.env.BENCH_UPLOAD_MB ?? 1024);
const root = path.resolve(import.meta.dirname, '..');

/** A valid film of about the wanted size: uncompressed frames, so ffprobe accepts it at the end. */
async function makeBigFilm(file: string) {
  const frameBytes = 1920 * 1080 * 1.5;
  const frames = Math.ceil((MEGABYTES * 1024 * 1024) / frameBytes);
  await runTool(resolveMediaTools().ffmpeg, [
    '-hide_banner',
    '-y',
    '-f',
    'lavfi',
    '-i',
    'testsrc2=s=1920x1080:r=25',
    '-frames:v',
    String(frames),
    '-c:v',
    'rawvideo',
    '-pix_fmt',
    'yuv420p',
    file,
  ]);
}

const rssOf = async (pid: number) => {
  const status = await readFile(`/proc/${pid}/status`, 'utf8');
  return Number(/VmRSS:\s+(\d+) kB/.exec(status)?.[1] ?? 0) * 1024;
};

async function waitForHealth(url: string) {
  for (let i = 0; i < 240; i++) {
    try {
      if ((await fetch(`${url}/v1/health`)).ok) return;
    } catch {}
    await new Promise((r) => setTimeout(r, 250));
  }
  throw new Error('The server did not start');
}

/** Registers through the API and reads the code from the development outbox. */
async function signIn(url: string) {
  const email = 'bench@screenroom.local';
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

function upload(url: string, token: string, file: string, size: number) {
  return new Promise<void>((resolve, reject) => {
    const instance = new tus.Upload(createReadStream(file), {
      endpoint: `${url}/v1/uploads`,
      uploadSize: size,
      chunkSize: 64 * 1024 * 1024,
      headers: { Authorization: `Bearer ${token}` },
      metadata: { filename: 'big.mkv', filetype: 'video/x-matroska' },
      onSuccess: () => resolve(),
      onError: reject,
    });
    instance.start();
  });
}

async function main() {
  const work = await mkdtemp(path.join(root, '.bench-upload-'));
  let server: ChildProcess | undefined;
  try {
    const film = path.join(work, 'big.mkv');
    console.log(`Making a ${MEGABYTES} MB film…`);
    await makeBigFilm(film);
    const { size } = await stat(film);
    const mb = size / 1024 / 1024;

    const copyStarted = performance.now();
    await copyFile(film, path.join(work, 'copy.mkv'));
    const copySeconds = (performance.now() - copyStarted) / 1000;
    await rm(path.join(work, 'copy.mkv'));

    const port = await freePort();
    const url = `http://127.0.0.1:${port}`;
    server = spawn(process.execPath, ['apps/server/dist/main.js'], {
      cwd: root,
      env: {
        ...process.env,
        PORT: String(port),
        PUBLIC_URL: url,
        DATA_DIR: path.join(work, 'data'),
        EMBEDDED_PG_PORT: String(await freePort()),
        RUN_WORKER: 'false',
        LOG_LEVEL: 'warn',
        UPLOAD_MAX_BYTES: String(size * 2),
      },
      stdio: 'ignore',
    });
    await waitForHealth(url);
    const token = await signIn(url);
    const before = await rssOf(server.pid!);
    let peak = before;
    const sampler = setInterval(async () => {
      peak = Math.max(peak, await rssOf(server!.pid!).catch(() => 0));
    }, 100);
    const started = performance.now();
    await upload(url, token, film, size);
    const uploadSeconds = (performance.now() - started) / 1000;
    clearInterval(sampler);

    const copyRate = mb / copySeconds;
    const uploadRate = mb / uploadSeconds;
    const growth = (peak - before) / 1024 / 1024;
    console.log(`\nUpload of ${mb.toFixed(0)} MB:`);
    console.log(`  plain copy on the same disk: ${copySeconds.toFixed(1)} s (${copyRate.toFixed(0)} MB/s)`);
    console.log(
      `  tus upload to our server:    ${uploadSeconds.toFixed(1)} s (${uploadRate.toFixed(0)} MB/s)`,
    );
    console.log(
      `  throughput ratio ${(uploadRate / copyRate).toFixed(2)} (target >= 0.5): ${uploadRate / copyRate >= 0.5 ? 'MET' : 'NOT MET'}`,
    );
    console.log(
      `  server memory: ${(before / 1048576).toFixed(0)} MB before, ${(peak / 1048576).toFixed(0)} MB at peak, growth ${growth.toFixed(0)} MB (target < 100): ${growth < 100 ? 'MET' : 'NOT MET'}`,
    );
  } finally {
    server?.kill('SIGTERM');
    if (server) await new Promise((r) => server!.once('exit', r));
    await rm(work, { recursive: true, force: true });
  }
}

main().catch((error) => {
  console.error(error);
  process.exit(1);
});
