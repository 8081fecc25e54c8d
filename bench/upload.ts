/**
 * Upload: a 1 GB film through our tus endpoint (the built server in its own process; tus-js-client with
 * the web app's 64 MB chunks, each handed to the socket whole as a browser does) against a plain copy of
 * the same file on the same disk (`cp`), in one run. Prints the throughputs, their ratio (target: at
 * least 0.5), and how much the server's memory grew (target: < 100 MB). Two more references put the ratio
 * in context: a streaming copy through Node, and a bare Node HTTP server writing the same bytes to disk
 * (the ceiling of any HTTP ingest on this machine).
 *
 * Every measurement starts after a `sync` and ends with one, so each pays for its own bytes reaching the
 * disk and none inherits another's write-back. The four run in turn, BENCH_UPLOAD_ROUNDS times (3 by
 * default); the medians are compared, since this disk's speed varies from one second to the next.
 *
 *   npm run build && npm run bench:upload      (BENCH_UPLOAD_MB=1024 by default)
 */
import { execFile } from 'node:child_process';
import { createReadStream, createWriteStream } from 'node:fs';
import { chmod, mkdtemp, readFile, rm, stat } from 'node:fs/promises';
import http from 'node:http';
import path from 'node:path';
import { pipeline } from 'node:stream/promises';
import { promisify } from 'node:util';
import * as tus from 'tus-js-client';
import { resolveMediaTools, runTool } from '../apps/server/src/media/tools';
import { type BuiltServer, met, signIn, startBuiltServer } from './support/built-server';
import { median } from './support/median';
import { WholeChunkHttpStack } from './support/whole-chunk-http-stack';

const MEGABYTES = Number(process.env.BENCH_UPLOAD_MB ?? 1024);
const ROUNDS = Number(process.env.BENCH_UPLOAD_ROUNDS ?? 3);
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

const execFileP = promisify(execFile);

/** Seconds from a start with no write-back pending until the work's bytes are on the disk. */
async function timed(work: () => Promise<unknown>) {
  await execFileP('sync', []);
  const started = performance.now();
  await work();
  await execFileP('sync', []);
  return (performance.now() - started) / 1000;
}

/** The same bytes over loopback HTTP into a file, with nothing else: what any HTTP ingest can reach here. */
async function bareHttpIngest(file: string, size: number, target: string) {
  const server = http.createServer(async (req, res) => {
    await pipeline(req, createWriteStream(target, { highWaterMark: 4 * 1024 * 1024 }));
    res.end();
  });
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
  const { port } = server.address() as { port: number };
  const seconds = await timed(
    () =>
      new Promise<void>((resolve, reject) => {
        const req = http.request({ port, method: 'PUT', headers: { 'content-length': size } }, (res) => {
          res.resume();
          res.on('end', () => resolve());
        });
        req.on('error', reject);
        createReadStream(file, { highWaterMark: 1024 * 1024 }).pipe(req);
      }),
  );
  server.close();
  await rm(target);
  return seconds;
}

const rssOf = async (pid: number) => {
  const status = await readFile(`/proc/${pid}/status`, 'utf8');
  return Number(/VmRSS:\s+(\d+) kB/.exec(status)?.[1] ?? 0) * 1024;
};

/** tus-js-client as the web app sets it up, on a Buffer (sliced without copying, as a browser slices a File). */
function upload(url: string, token: string, bytes: Buffer, size: number) {
  return new Promise<void>((resolve, reject) => {
    const instance = new tus.Upload(bytes, {
      endpoint: `${url}/v1/uploads`,
      uploadSize: size,
      chunkSize: 64 * 1024 * 1024,
      httpStack: new WholeChunkHttpStack(),
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
  await chmod(work, 0o755); // PostgreSQL runs as another user (as root) and must enter this folder.
  let server: BuiltServer | undefined;
  try {
    const film = path.join(work, 'big.mkv');
    console.log(`Making a ${MEGABYTES} MB film…`);
    await makeBigFilm(film);
    const { size } = await stat(film);
    const mb = size / 1024 / 1024;

    const copy = path.join(work, 'copy.mkv');
    const copyOnce = async () => {
      const seconds = await timed(() => execFileP('cp', [film, copy]));
      await rm(copy);
      return seconds;
    };
    const streamOnce = async () => {
      const seconds = await timed(() => pipeline(createReadStream(film), createWriteStream(copy)));
      await rm(copy);
      return seconds;
    };

    server = await startBuiltServer(
      {
        RUN_WORKER: 'false',
        UPLOAD_MAX_BYTES: String(size * 2),
        UPLOAD_QUOTA_BYTES: String(size * (ROUNDS + 1)),
      },
      '.bench-upload-',
    );
    const { url } = server;
    const token = await signIn(url);
    const filmBytes = await readFile(film);
    const before = await rssOf(server.process.pid!);
    let peak = before;
    const sampler = setInterval(async () => {
      peak = Math.max(peak, await rssOf(server!.process.pid!).catch(() => 0));
    }, 100);
    const uploadOnce = () => timed(() => upload(url, token, filmBytes, size));

    const runs = {
      copy: [] as number[],
      stream: [] as number[],
      bare: [] as number[],
      upload: [] as number[],
    };
    for (let round = 1; round <= ROUNDS; round++) {
      runs.copy.push(await copyOnce());
      runs.stream.push(await streamOnce());
      runs.bare.push(await bareHttpIngest(film, size, copy));
      runs.upload.push(await uploadOnce());
      const last = (list: number[]) => list.at(-1)!.toFixed(2);
      console.log(
        `  round ${round}: cp ${last(runs.copy)} s, Node copy ${last(runs.stream)} s, bare HTTP ${last(runs.bare)} s, tus ${last(runs.upload)} s`,
      );
    }
    clearInterval(sampler);
    const copySeconds = median(runs.copy);
    const streamSeconds = median(runs.stream);
    const bareSeconds = median(runs.bare);
    const uploadSeconds = median(runs.upload);

    const copyRate = mb / copySeconds;
    const uploadRate = mb / uploadSeconds;
    const growth = (peak - before) / 1024 / 1024;
    const rate = (seconds: number) => `${seconds.toFixed(1)} s (${(mb / seconds).toFixed(0)} MB/s)`;
    console.log(`\nUpload of ${mb.toFixed(0)} MB, medians of ${ROUNDS} rounds (each until synced to disk):`);
    console.log(`  plain copy on the same disk (cp): ${rate(copySeconds)}`);
    console.log(`  streaming copy through Node:      ${rate(streamSeconds)}`);
    console.log(`  bare Node HTTP server to disk:    ${rate(bareSeconds)}`);
    console.log(`  tus upload to our server:         ${rate(uploadSeconds)}`);
    console.log(
      `  ratio to the plain copy ${(uploadRate / copyRate).toFixed(2)} (target >= 0.5): ${met(uploadRate >= copyRate / 2)}`,
    );
    console.log(`  ratio to the streaming copy ${(streamSeconds / uploadSeconds).toFixed(2)}`);
    console.log(`  ratio to the bare HTTP ceiling ${(bareSeconds / uploadSeconds).toFixed(2)}`);
    console.log(
      `  server memory: ${(before / 1048576).toFixed(0)} MB before, ${(peak / 1048576).toFixed(0)} MB at peak, growth ${growth.toFixed(0)} MB (target < 100): ${met(growth < 100)}`,
    );
  } finally {
    await server?.stop();
    await rm(work, { recursive: true, force: true });
  }
}

main().catch((error) => {
  console.error(error);
  process.exit(1);
});
