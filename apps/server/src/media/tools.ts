import { type ChildProcess, spawn } from 'node:child_process';
import { createRequire } from 'node:module';

const require = createRequire(import.meta.url);

export type MediaTools = { ffmpeg: string; ffprobe: string };

/** ffmpeg and ffprobe from the installer packages, unless FFMPEG_PATH / FFPROBE_PATH point elsewhere. */
export function resolveMediaTools(overrides: { ffmpegPath?: string; ffprobePath?: string } = {}): MediaTools {
  return {
    ffmpeg: overrides.ffmpegPath ?? (require('@ffmpeg-installer/ffmpeg') as { path: string }).path,
    ffprobe: overrides.ffprobePath ?? (require('@ffprobe-installer/ffprobe') as { path: string }).path,
  };
}

/**
 * Demuxers an uploaded film may be read with: the containers films come in. Anything else is refused,
 * above all playlists (hls, concat) and image sequences, which make ffmpeg open other files: a "film"
 * that was an HLS playlist naming another presenter's source on disk was encoded as its own.
 */
export const SOURCE_FORMATS = 'mov,mp4,m4a,3gp,3g2,mj2,matroska,webm,avi,mxf,mpegts,mpeg,flv,asf,ogg';

/** The largest picture side we take (8K): decoders refuse a picture over its square. */
export const MAX_PICTURE_SIDE = 8192;

/**
 * The input options for a file someone uploaded: one of SOURCE_FORMATS, read from disk and nothing else,
 * and no picture decoded over MAX_PICTURE_SIDE² pixels. What decoding takes follows the size a stream
 * declares, not the file's: ffprobe took 133 MB for a 42 kB file of 9000-pixel frames (it decodes one to
 * read the stream), and a stream can grow after the probe (64-pixel frames, then one of 8200 a side).
 */
export const uploadedInput = (file: string) => [
  '-format_whitelist',
  SOURCE_FORMATS,
  '-protocol_whitelist',
  'file',
  '-max_pixels',
  String(MAX_PICTURE_SIDE ** 2),
  '-i',
  file,
];

export class MediaError extends Error {
  override name = 'MediaError';
  constructor(
    message: string,
    readonly detail: string,
  ) {
    super(message);
  }
}

/** The tools running now, so a shutting-down server stops them instead of leaving them to run on. */
const running = new Set<ChildProcess>();
const stoppedForShutdown = new WeakSet<ChildProcess>();

/**
 * A tool this process stopped because it is shutting down. Nothing is wrong with the film: its job is
 * handed back whole, rather than failed and charged one of its retries.
 */
export class ToolStoppedForShutdown extends Error {
  constructor(command: string) {
    super(`${command.split('/').pop()} was stopped: the server is shutting down`);
  }
}

/**
 * Stops every running tool (server shutdown). An encode left running went on writing into the film's
 * work folder while the restarted server retried the same job there; the job's retry starts it afresh.
 */
export function stopRunningTools() {
  for (const child of running) {
    stoppedForShutdown.add(child);
    child.kill('SIGTERM');
  }
}

/**
 * Runs a media tool to completion. stdout lines go to `onLine` (ffmpeg's -progress output); the tail of
 * stderr is kept for the error. An abort signal kills the process.
 */
export function runTool(
  command: string,
  args: string[],
  options: {
    onLine?: (line: string) => void;
    signal?: AbortSignal;
    collectStdout?: boolean;
    onSpawn?: (pid: number) => void;
  } = {},
): Promise<{ stdout: string }> {
  return new Promise((resolve, reject) => {
    const child = spawn(command, args, { stdio: ['ignore', 'pipe', 'pipe'], signal: options.signal });
    running.add(child);
    child.once('exit', () => running.delete(child));
    child.once('error', () => running.delete(child));
    if (child.pid) options.onSpawn?.(child.pid);
    let stdout = '';
    let pending = '';
    let stderr = '';
    child.stdout.setEncoding('utf8');
    child.stdout.on('data', (chunk: string) => {
      if (options.collectStdout) stdout += chunk;
      if (!options.onLine) return;
      pending += chunk;
      const lines = pending.split('\n');
      pending = lines.pop() ?? '';
      for (const line of lines) options.onLine(line);
    });
    child.stderr.setEncoding('utf8');
    child.stderr.on('data', (chunk: string) => {
      stderr = (stderr + chunk).slice(-8000);
    });
    child.on('error', (error) =>
      reject(
        new MediaError(
          `${command.split('/').pop()} could not run (${(error as { code?: string }).code ?? 'error'})`,
          stderr,
        ),
      ),
    );
    child.on('close', (code, signal) => {
      if (code === 0) resolve({ stdout });
      else if (stoppedForShutdown.has(child)) reject(new ToolStoppedForShutdown(command));
      else
        reject(
          new MediaError(`${command.split('/').pop()} failed (${signal ?? `exit ${code}`})`, stderr.trim()),
        );
    });
  });
}
