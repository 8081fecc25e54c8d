/**
 * Pipeline overhead: a 60 s 1080p clip through our whole pipeline (encode + encrypt + store, as the
 * worker runs it) against bare ffmpeg producing the same ladder with the same arguments, in one run,
 * alternating the two. Prints each timing and the ratio of medians (target: at most 1.15).
 *
 *   npm run bench:pipeline            (BENCH_SECONDS=60 BENCH_RUNS=2 by default)
 */
import { randomBytes } from 'node:crypto';
import { chmod, mkdir, mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import pino from 'pino';
import { loadConfig } from '../apps/server/src/config';
import { createContainer, startBackground } from '../apps/server/src/container';
import { createDatabase } from '../apps/server/src/db/client';
import { startEmbeddedPostgres } from '../apps/server/src/db/embedded-postgres';
import { runMigrations } from '../apps/server/src/db/migrate';
import { ladderArguments } from '../apps/server/src/media/hls-encode';
import { ladderFor } from '../apps/server/src/media/ladder';
import { probeFile } from '../apps/server/src/media/probe';
import { runTool } from '../apps/server/src/media/tools';
import { makeClip } from '../apps/server/test/clips';
import { freePort } from '../apps/server/test/free-port';
import { median } from './support/median';

const SECONDS = Number(process.env.BENCH_SECONDS ?? 60);
const RUNS = Number(process.env.BENCH_RUNS ?? 2);

async function main() {
  const work = await mkdtemp(path.join(tmpdir(), 'screenroom-bench-pipeline-'));
  await chmod(work, 0o755); // PostgreSQL runs as another user (as root) and must enter this folder.
  const quiet = { info: () => {}, warn: () => {}, debug: () => {} };
  const pg = await startEmbeddedPostgres({
    dataDir: path.join(work, 'pg'),
    port: await freePort(),
    log: quiet,
  });
  try {
    const config = loadConfig({
      NODE_ENV: 'test',
      DATA_DIR: path.join(work, 'data'),
      JWT_SECRET: randomBytes(32).toString('hex'),
      MASTER_KEY: randomBytes(32).toString('hex'),
      LOG_LEVEL: 'silent',
      DEV_OUTBOX: 'true',
    });
    const db = createDatabase(pg.url);
    await runMigrations(db);
    const container = createContainer({ config, db, databaseUrl: pg.url, logger: pino({ level: 'silent' }) });
    const stop = await startBackground(container, { worker: true });
    const { tools, storage } = container;

    console.log(`Making a ${SECONDS} s 1080p test film…`);
    const clip = await makeClip(path.join(work, 'clip.mp4'), {
      seconds: SECONDS,
      width: 1920,
      height: 1080,
      preset: 'veryfast',
    });
    const probe = await probeFile(tools, clip);
    const presenter = await container.presenters.createOrGet('bench@screenroom.local', 'Bench');
    const repository = container.videosRepository;

    async function bareFfmpeg(run: number) {
      const out = path.join(work, `bare-${run}`);
      for (const rung of ladderFor(probe)) await mkdir(path.join(out, rung.name), { recursive: true });
      const started = performance.now();
      await runTool(
        tools.ffmpeg,
        ladderArguments({
          input: clip,
          outDir: out,
          ladder: ladderFor(probe),
          hasAudio: probe.hasAudio,
          fps: probe.fps,
          segmentSeconds: config.hlsSegmentSeconds,
          preset: config.x264Preset,
        }),
      );
      return (performance.now() - started) / 1000;
    }

    async function ourPipeline(run: number) {
      const row = await repository.create({
        presenterId: presenter.id,
        type: 'upload',
        title: `Bench ${run}`,
        description: 'bench',
      });
      const sourceKey = `videos/${row.id}/source/original.mp4`;
      await storage.putFile(sourceKey, clip);
      const started = performance.now();
      await repository.transition(row.id, 'created', 'uploaded-on-encoder', { sourceKey });
      await container.pipeline.enqueueEncode(row.id);
      for (;;) {
        const video = await repository.findById(row.id);
        if (video?.status === 'encryption-completed') break;
        if (video?.status.endsWith('failed')) throw new Error(`Pipeline failed: ${video.failureReason}`);
        await new Promise((r) => setTimeout(r, 100));
      }
      return (performance.now() - started) / 1000;
    }

    const bare: number[] = [];
    const ours: number[] = [];
    for (let run = 1; run <= RUNS; run++) {
      bare.push(await bareFfmpeg(run));
      console.log(`  run ${run}: bare ffmpeg ladder ${bare.at(-1)!.toFixed(1)} s`);
      ours.push(await ourPipeline(run));
      console.log(`  run ${run}: our pipeline (encode + encrypt + store) ${ours.at(-1)!.toFixed(1)} s`);
    }
    const ratio = median(ours) / median(bare);
    console.log(
      `\nPipeline overhead (${SECONDS} s, ${probe.width}x${probe.height}, ladder ${ladderFor(probe)
        .map((r) => r.name)
        .join('+')}, preset ${config.x264Preset}):`,
    );
    console.log(
      `  bare ffmpeg median ${median(bare).toFixed(1)} s, our pipeline median ${median(ours).toFixed(1)} s`,
    );
    console.log(`  ratio ${ratio.toFixed(3)} (target <= 1.15): ${ratio <= 1.15 ? 'MET' : 'NOT MET'}`);
    await stop();
    await db.$client.end();
  } finally {
    await pg.stop();
    await rm(work, { recursive: true, force: true });
  }
}

main().catch((error) => {
  console.error(error);
  process.exit(1);
});
