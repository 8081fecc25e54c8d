import { randomBytes } from 'node:crypto';
import { existsSync } from 'node:fs';
import { cp, mkdir, readdir, readFile, writeFile } from 'node:fs/promises';
import path from 'node:path';
import type { VideoStatus } from '@screenroom/shared/enums';
import type { Rendition, VideoRow } from '../../../db/schema/videos';
import type { JobQueue, QueueDefinition } from '../../../infra/queue/job-queue';
import type { Storage } from '../../../infra/storage/storage';
import { isOutOfSpace } from '../../../lib/out-of-space';
import { type EncodedRendition, encodeLadder, extractThumbnail } from '../../../media/hls-encode';
import { encryptRendition, type SegmentKey } from '../../../media/hls-encrypt';
import { ladderFor } from '../../../media/ladder';
import { writeMasterPlaylist } from '../../../media/playlist';
import { NotAVideoError, probeFile } from '../../../media/probe';
import { MediaError, type MediaTools, ToolStoppedForShutdown } from '../../../media/tools';
import type { LogsService } from '../../logs/logs.service';
import { masterKey, segmentKey, streamsPrefix } from '../../streams/stream-layout';
import type { StreamsService } from '../../streams/streams.service';
import { assertTransition, ENCODE_STEP_STATUSES, ENCRYPT_STEP_STATUSES } from '../video-status-machine';
import type { VideosRepository } from '../videos.repository';
import { WorkDir } from './work-dir';

export const PIPELINE_QUEUES = {
  encode: 'video-encode',
  encrypt: 'video-encrypt',
  failed: 'video-failed',
} as const;

type StepJob = { videoId: string; step: 'encode' | 'encrypt' };

type EncodeManifest = { renditions: EncodedRendition[]; thumbnail: string | null; fps: number };
type EncryptManifest = { renditions: string[]; segments: number };

/** A step found its film changed or deleted under it: stop quietly, the newer state wins. */
class Superseded extends Error {}

export type PipelineDeps = {
  repository: VideosRepository;
  storage: Storage;
  streams: StreamsService;
  tools: MediaTools;
  logs: LogsService;
  queue: JobQueue;
  workRoot: string;
  /** Encoded sample film, kept once so every presenter's sample only needs its own encryption. */
  sampleCacheDir: string;
  preset: string;
  segmentSeconds: number;
  encrypt: boolean;
  encryptDelaySeconds: number;
};

/**
 * Turns a film's source into protected streams, one durable job per step:
 *   encode:  uploaded-on-encoder → transcoding → encoding-in-progress → encoding-completed → ready-to-use
 *   encrypt: ready-to-encrypt → encryption-in-progress → ready-keys-for-cloud-upload → keys-uploading-to-cloud
 *            → ready-streams-for-cloud-upload → streams-uploading-to-cloud → encryption-completed
 * A crash resumes at the last finished step (its output survives in the work folder); after the last
 * retry the film lands in encoding-failed or encryption-failed with the reason, never stuck mid-step.
 */
/**
 * Why a step failed, for the presenter: a full disk says so (Retry helps once there is room), and a
 * system error (with the server's paths in it) says only that it was ours; the log keeps the details.
 */
export function failureInWords(step: string, error: unknown) {
  const detail = error instanceof MediaError ? error.detail : '';
  if (isOutOfSpace(error) || /No space left on device|Disk quota exceeded/.test(detail))
    return `The ${step} step failed: the server ran out of storage space. Retry once there is room.`;
  if (error instanceof Error && 'syscall' in error)
    return `The ${step} step failed on our side (a file could not be written or read). Retry, or ask us if it fails again.`;
  return `The ${step} step failed: ${(error as Error).message}`;
}

export class VideoPipeline {
  constructor(private readonly deps: PipelineDeps) {}

  queueDefinitions(): QueueDefinition[] {
    const step = {
      retryLimit: 2,
      retryDelaySeconds: 3,
      heartbeatSeconds: 10,
      deadLetter: PIPELINE_QUEUES.failed,
    };
    return [
      { name: PIPELINE_QUEUES.failed, retryLimit: 3 },
      { name: PIPELINE_QUEUES.encode, ...step },
      { name: PIPELINE_QUEUES.encrypt, ...step },
    ];
  }

  async registerWorkers(concurrency: number) {
    const { queue } = this.deps;
    await queue.work<StepJob>(PIPELINE_QUEUES.encode, concurrency, (job) =>
      this.run(job, () => this.encode(job.videoId)),
    );
    await queue.work<StepJob>(PIPELINE_QUEUES.encrypt, concurrency, (job) =>
      this.run(job, () => this.encryptStep(job.videoId)),
    );
    await queue.work<StepJob>(PIPELINE_QUEUES.failed, 1, (job) => this.markFailed(job));
  }

  enqueueEncode(videoId: string) {
    return this.deps.queue.send<StepJob>(PIPELINE_QUEUES.encode, { videoId, step: 'encode' });
  }

  private enqueueStep({ videoId, step }: StepJob) {
    return step === 'encode' ? this.enqueueEncode(videoId) : this.enqueueEncrypt(videoId);
  }

  enqueueEncrypt(videoId: string, delaySeconds = 0) {
    return this.deps.queue.send<StepJob>(
      PIPELINE_QUEUES.encrypt,
      { videoId, step: 'encrypt' },
      { delaySeconds },
    );
  }

  /** Re-enqueues films whose step has not moved for a while (a job lost with a crashed machine). */
  async sweep(idleMinutes = 15) {
    const before = new Date(Date.now() - idleMinutes * 60_000);
    for (const v of await this.deps.repository.findInStatuses(ENCODE_STEP_STATUSES, before))
      await this.enqueueEncode(v.id);
    for (const v of await this.deps.repository.findInStatuses(ENCRYPT_STEP_STATUSES, before))
      await this.enqueueEncrypt(v.id);
  }

  private workDir(videoId: string) {
    return new WorkDir(path.join(this.deps.workRoot, videoId));
  }

  private async run(job: StepJob, step: () => Promise<void>) {
    try {
      await step();
    } catch (error) {
      if (error instanceof Superseded) return;
      // Stopped by our own shutdown: a fresh job picks the step up again (here after a restart, or on
      // another worker), where failing this one would spend one of the film's retries on a restart.
      if (error instanceof ToolStoppedForShutdown) return void (await this.enqueueStep(job));
      const video = await this.deps.repository.findById(job.videoId);
      if (!video) return this.cleanUp(job.videoId); // deleted while the step ran
      const reason = error instanceof NotAVideoError ? error.message : failureInWords(job.step, error);
      await this.deps.repository.update(video.id, { failureReason: reason.slice(0, 500) });
      await this.log(video, 'error', `${job.step} attempt failed`, error);
      // A file that is not a film will not become one on retry.
      if (error instanceof NotAVideoError) return this.markFailed(job);
      throw error;
    }
  }

  private async move(
    video: VideoRow,
    to: VideoStatus,
    patch: Parameters<VideosRepository['update']>[1] = {},
  ) {
    assertTransition(video.status, to);
    const moved = await this.deps.repository.transition(video.id, video.status, to, patch);
    if (moved) return moved;
    if (!(await this.deps.repository.findById(video.id))) await this.cleanUp(video.id);
    throw new Superseded();
  }

  private async cleanUp(videoId: string) {
    await this.deps.storage.deletePrefix(`videos/${videoId}`);
    await this.workDir(videoId).remove();
  }

  private async log(video: VideoRow, level: 'info' | 'error', message: string, error?: unknown) {
    await this.deps.logs.record({
      level,
      type: 'pipeline',
      module: 'videos',
      message,
      videoId: video.id,
      videoTitle: video.title,
      userId: video.presenterId,
      metadata: { status: video.status },
      error,
    });
  }

  private progressReporter(videoId: string, status: VideoStatus) {
    let last = -1;
    let lastAt = 0;
    return (percent: number) => {
      const now = Date.now();
      if (percent === last || (now - lastAt < 1000 && percent < 100)) return;
      last = percent;
      lastAt = now;
      void this.deps.repository.setProgress(videoId, status, percent).catch(() => {});
    };
  }

  // ---------------------------------------------------------------- encode

  async encode(videoId: string) {
    let video = await this.deps.repository.findById(videoId);
    if (!video || !ENCODE_STEP_STATUSES.includes(video.status)) return;
    const work = this.workDir(videoId);

    let manifest =
      video.status === 'encoding-completed' ? await work.readManifest<EncodeManifest>('encode') : null;
    if (!manifest) {
      video = await this.move(video, 'transcoding', { progress: 0, failureReason: null });
      await work.stopOrphan('encode');
      await work.reset('encode');
      const source = await this.localSource(video, work);
      const probe = await probeFile(this.deps.tools, source);
      video = await this.move(video, 'encoding-in-progress', {
        durationSeconds: probe.durationSeconds,
        width: probe.width,
        height: probe.height,
      });
      const out = work.path('encode', 'out');
      const renditions = await this.encodeOrReuseSample(work, video, source, out, probe);
      const thumbnail = work.path('encode', 'thumbnail.jpg');
      await extractThumbnail(this.deps.tools, source, thumbnail, probe.durationSeconds);
      manifest = { renditions, thumbnail, fps: probe.fps };
      await work.writeManifest('encode', manifest);
      video = await this.move(video, 'encoding-completed', { progress: 100 });
    }

    // Store the plain streams: playable (as "Unencrypted") as soon as they are in place.
    const out = work.path('encode', 'out');
    for (const r of manifest.renditions) {
      for (const file of await readdir(path.join(out, r.name))) {
        await this.deps.storage.putFile(
          segmentKey(videoId, 'plain', r.name, file),
          path.join(out, r.name, file),
        );
      }
    }
    await this.deps.storage.put(masterKey(videoId, 'plain'), this.masterOf(manifest));
    let thumbnailKey = video.thumbnailKey;
    if (!thumbnailKey && manifest.thumbnail && existsSync(manifest.thumbnail)) {
      thumbnailKey = `videos/${videoId}/images/thumbnail-${randomBytes(6).toString('hex')}.jpg`;
      await this.deps.storage.putFile(thumbnailKey, manifest.thumbnail);
    }
    video = await this.move(video, 'ready-to-use', {
      renditions: manifest.renditions.map(toRendition),
      encrypted: false,
      thumbnailKey,
      progress: 100,
      failureReason: null,
    });
    await this.log(video, 'info', 'Encoding completed: the screener is playable (unencrypted)');
    if (this.deps.encrypt) await this.enqueueEncrypt(videoId, this.deps.encryptDelaySeconds);
    else await work.remove();
  }

  private async localSource(video: VideoRow, work: WorkDir) {
    if (!video.sourceKey) throw new Error('The film has no source file');
    const local = this.deps.storage.localPath(video.sourceKey);
    if (local && existsSync(local)) return local;
    const file = work.path('encode', 'source');
    await this.deps.storage.download(video.sourceKey, file);
    return file;
  }

  private async encodeOrReuseSample(
    work: WorkDir,
    video: VideoRow,
    source: string,
    out: string,
    probe: Awaited<ReturnType<typeof probeFile>>,
  ) {
    const cacheManifest = path.join(this.deps.sampleCacheDir, 'renditions.json');
    if (video.type === 'sample' && existsSync(cacheManifest)) {
      await cp(path.join(this.deps.sampleCacheDir, 'out'), out, { recursive: true });
      return JSON.parse(await readFile(cacheManifest, 'utf8')) as EncodedRendition[];
    }
    const renditions = await encodeLadder(this.deps.tools, {
      input: source,
      outDir: out,
      ladder: ladderFor(probe),
      hasAudio: probe.hasAudio,
      durationSeconds: probe.durationSeconds,
      fps: probe.fps,
      sourceFps: probe.sourceFps,
      segmentSeconds: this.deps.segmentSeconds,
      preset: this.deps.preset,
      onProgress: this.progressReporter(video.id, 'encoding-in-progress'),
      onSpawn: (pid) => void work.recordProcess('encode', pid),
    });
    if (video.type === 'sample') {
      await cp(out, path.join(this.deps.sampleCacheDir, 'out'), { recursive: true });
      await writeFile(cacheManifest, JSON.stringify(renditions));
    }
    return renditions;
  }

  private masterOf(manifest: EncodeManifest) {
    return writeMasterPlaylist(
      manifest.renditions.map((r) => ({ ...r, fps: manifest.fps, uri: `${r.name}/index.m3u8` })),
    );
  }

  // ---------------------------------------------------------------- encrypt

  async encryptStep(videoId: string) {
    let video = await this.deps.repository.findById(videoId);
    if (!video) return;
    if (video.status === 'ready-to-use') video = await this.move(video, 'ready-to-encrypt');
    if (!ENCRYPT_STEP_STATUSES.includes(video.status)) return;
    const work = this.workDir(videoId);

    const streamsStep =
      video.status === 'ready-streams-for-cloud-upload' || video.status === 'streams-uploading-to-cloud';
    let manifest = streamsStep ? await work.readManifest<EncryptManifest>('encrypt') : null;
    if (!manifest) {
      if (video.status !== 'ready-to-encrypt') video = await this.move(video, 'ready-to-encrypt');
      video = await this.move(video, 'encryption-in-progress', { progress: 0, failureReason: null });
      const { manifest: written, keys } = await this.encryptAll(video, work);
      manifest = written;
      video = await this.move(video, 'ready-keys-for-cloud-upload');
      video = await this.move(video, 'keys-uploading-to-cloud');
      await this.deps.streams.storeKeys(videoId, keys);
      video = await this.move(video, 'ready-streams-for-cloud-upload');
    } else if (video.status === 'streams-uploading-to-cloud') {
      video = await this.move(video, 'ready-streams-for-cloud-upload');
    }

    video = await this.move(video, 'streams-uploading-to-cloud');
    const encrypted = work.path('encrypt', 'out');
    for (const name of manifest.renditions) {
      for (const file of await readdir(path.join(encrypted, name))) {
        await this.deps.storage.putFile(
          segmentKey(videoId, 'hls', name, file),
          path.join(encrypted, name, file),
        );
      }
    }
    const master = await this.deps.storage.getBuffer(masterKey(videoId, 'plain'));
    if (!master) throw new Error('The plain master playlist is missing');
    await this.deps.storage.put(masterKey(videoId, 'hls'), master);
    const stored = await this.deps.streams.countKeys(videoId);
    if (stored !== manifest.segments) throw new Error(`Expected ${manifest.segments} keys, found ${stored}`);

    video = await this.move(video, 'encryption-completed', {
      encrypted: true,
      encryptedAt: new Date(),
      progress: 100,
    });
    // The plain segments go once the encrypted ones are in place.
    await this.deps.storage.deletePrefix(streamsPrefix(videoId, 'plain'));
    await this.deps.storage.delete(video.sourceKey ?? `videos/${videoId}/source/none`);
    await this.deps.repository.update(videoId, { sourceKey: null });
    await work.remove();
    await this.log(video, 'info', `Encryption completed: ${manifest.segments} segments, one key each`);
  }

  private async encryptAll(video: VideoRow, work: WorkDir) {
    await work.reset('encrypt');
    const renditions = video.renditions ?? [];
    const plainLocal = work.path('encode', 'out');
    const report = this.progressReporter(video.id, 'encryption-in-progress');
    const keys: (SegmentKey & { rendition: string })[] = [];
    const total = renditions.reduce((n, r) => n + (r.segments ?? 0), 0) || 1;
    let done = 0;
    for (const r of renditions) {
      const readPlain = async (uri: string) => {
        const local = path.join(plainLocal, r.name, uri);
        if (existsSync(local)) return readFile(local);
        const stored = await this.deps.storage.getBuffer(segmentKey(video.id, 'plain', r.name, uri));
        if (!stored) throw new Error(`Missing plain segment ${r.name}/${uri}`);
        return stored;
      };
      const playlist = await readPlain('index.m3u8');
      const outDir = work.path('encrypt', 'out', r.name);
      await mkdir(outDir, { recursive: true });
      const result = await encryptRendition({
        playlist: playlist.toString('utf8'),
        readSegment: readPlain,
        writeSegment: async (uri, data) => {
          await writeFile(path.join(outDir, uri), data);
          done += 1;
          report(Math.min(99, Math.floor((done / total) * 100)));
        },
      });
      await writeFile(path.join(outDir, 'index.m3u8'), result.playlist);
      keys.push(...result.keys.map((k) => ({ ...k, rendition: r.name })));
    }
    const manifest: EncryptManifest = { renditions: renditions.map((r) => r.name), segments: keys.length };
    await work.writeManifest('encrypt', manifest);
    return { manifest, keys };
  }

  // ---------------------------------------------------------------- failure

  /** After the last retry (dead-letter queue): the film shows the failure and a Retry action. */
  async markFailed(job: StepJob) {
    const video = await this.deps.repository.findById(job.videoId);
    if (!video) return;
    const target: VideoStatus = job.step === 'encode' ? 'encoding-failed' : 'encryption-failed';
    const steps = job.step === 'encode' ? ENCODE_STEP_STATUSES : ENCRYPT_STEP_STATUSES;
    if (!steps.includes(video.status) && !(job.step === 'encrypt' && video.status === 'ready-to-use')) return;
    const from = video.status === 'ready-to-use' ? await this.move(video, 'ready-to-encrypt') : video;
    const failed = await this.move(from, target, {
      failureReason: video.failureReason ?? `The ${job.step} step failed.`,
    });
    await this.log(
      failed,
      'error',
      `${job.step === 'encode' ? 'Encoding' : 'Encryption'} failed: ${failed.failureReason}`,
    );
  }
}

const toRendition = (r: EncodedRendition): Rendition => ({
  name: r.name,
  width: r.width,
  height: r.height,
  bandwidth: r.bandwidth,
  playlist: `${r.name}/index.m3u8`,
  segments: r.segments,
});
