import { mkdir, readdir, readFile, stat } from 'node:fs/promises';
import path from 'node:path';
import type { Rung } from './ladder';
import { parseMediaPlaylist } from './playlist';
import { MAX_FPS } from './probe';
import { type MediaTools, runTool, uploadedInput } from './tools';

export type EncodedRendition = Rung & {
  /** Peak and average bits per second, measured from the written segments. */
  bandwidth: number;
  averageBandwidth: number;
  codecs: string;
  segments: number;
};

export type EncodeOptions = {
  input: string;
  outDir: string;
  ladder: Rung[];
  hasAudio: boolean;
  durationSeconds: number;
  /** The rate to encode at (ProbeResult.fps). */
  fps: number;
  /**
   * The highest rate the source declares (ProbeResult.sourceFps). Above MAX_FPS the film is paced to
   * `fps` first: ffmpeg fills a film to its declared rate, and two frames ten seconds apart in a
   * 1000 fps file were encoded as 10,000 frames.
   */
  sourceFps?: number;
  segmentSeconds: number;
  preset: string;
  onProgress?: (percent: number) => void;
  onSpawn?: (pid: number) => void;
  signal?: AbortSignal;
};

/**
 * The ffmpeg arguments for the whole ladder in one run: the source is decoded once, split, scaled and
 * encoded to H.264 + AAC MPEG-TS segments (keyframes aligned on segment boundaries), one playlist per
 * rung. The master playlist is written by us (ffmpeg 4.1's -master_pl_name crashes with a stream map).
 */
export function ladderArguments(
  options: Omit<EncodeOptions, 'onProgress' | 'onSpawn' | 'signal' | 'durationSeconds'> & {
    /**
     * Reads the source no further (seconds). A file's header can declare a short length and its frames
     * run on far past it: a Matroska film that said 2 s, with frames an hour apart, was encoded as an hour.
     */
    maxSeconds?: number;
  },
) {
  const { input, outDir, ladder, hasAudio, fps, sourceFps, segmentSeconds, preset, maxSeconds } = options;
  const gop = Math.max(1, Math.round(fps * segmentSeconds));
  const pace = sourceFps !== undefined && sourceFps > MAX_FPS ? `fps=${fps},` : '';
  const split = `[0:v]${pace}split=${ladder.length}${ladder.map((_, i) => `[s${i}]`).join('')}`;
  const scales = ladder.map((r, i) => `[s${i}]scale=${r.width}:${r.height}:flags=bicubic[v${i}]`);
  const args = [
    '-hide_banner',
    '-nostdin',
    '-y',
    ...(maxSeconds === undefined ? [] : ['-t', maxSeconds.toFixed(3)]),
    ...uploadedInput(input),
    '-filter_complex',
    [split, ...scales].join(';'),
  ];
  ladder.forEach((rung, i) => {
    const dir = path.join(outDir, rung.name);
    args.push('-map', `[v${i}]`);
    if (hasAudio) args.push('-map', '0:a:0');
    args.push(
      ...[
        '-c:v',
        'libx264',
        '-preset',
        preset,
        '-profile:v',
        'main',
        '-level:v',
        rung.level,
        '-pix_fmt',
        'yuv420p',
      ],
      ...['-b:v', `${rung.videoKbps}k`, '-maxrate', `${Math.round(rung.videoKbps * 1.1)}k`],
      ...[
        '-bufsize',
        `${rung.videoKbps * 2}k`,
        '-g',
        String(gop),
        '-keyint_min',
        String(gop),
        '-sc_threshold',
        '0',
      ],
      ...['-force_key_frames', `expr:gte(t,n_forced*${segmentSeconds})`],
    );
    if (hasAudio) args.push('-c:a', 'aac', '-b:a', '128k', '-ac', '2', '-ar', '48000');
    args.push(
      ...['-f', 'hls', '-hls_time', String(segmentSeconds), '-hls_playlist_type', 'vod'],
      ...['-hls_flags', 'independent_segments', '-hls_segment_type', 'mpegts'],
      ...['-hls_segment_filename', path.join(dir, 'seg_%05d.ts'), path.join(dir, 'index.m3u8')],
    );
  });
  return args;
}

/**
 * The RFC 6381 codec string of what we asked x264 for: it signals exactly the requested level, and the
 * main profile except with `ultrafast`, which leaves out CABAC and so is Constrained Baseline.
 */
export function h264Codec(preset: string, level: string) {
  const profile = preset === 'ultrafast' ? '42E0' : '4D40';
  const levelHex = Math.round(Number(level) * 10)
    .toString(16)
    .toUpperCase()
    .padStart(2, '0');
  return `avc1.${profile}${levelHex}`;
}

async function measure(dir: string, codecs: string): Promise<Omit<EncodedRendition, keyof Rung>> {
  const playlist = parseMediaPlaylist(await readFile(path.join(dir, 'index.m3u8'), 'utf8'));
  let peak = 0;
  let totalBits = 0;
  let totalSeconds = 0;
  for (const segment of playlist.segments) {
    const { size } = await stat(path.join(dir, segment.uri));
    const bits = size * 8;
    totalBits += bits;
    totalSeconds += segment.duration;
    if (segment.duration > 0.5) peak = Math.max(peak, bits / segment.duration);
  }
  const averageBandwidth = Math.round(totalBits / Math.max(totalSeconds, 0.001));
  return {
    bandwidth: Math.round(Math.max(peak, averageBandwidth)),
    averageBandwidth,
    codecs,
    segments: playlist.segments.length,
  };
}

export async function encodeLadder(tools: MediaTools, options: EncodeOptions): Promise<EncodedRendition[]> {
  const { durationSeconds, onProgress, onSpawn, signal } = options;
  let lastPercent = -1;
  // ffmpeg 4.1's HLS muxer does not create the segment folders itself.
  for (const rung of options.ladder) await mkdir(path.join(options.outDir, rung.name), { recursive: true });
  // The declared length, and room for a last frame or audio running a little longer than it.
  const maxSeconds = durationSeconds * 1.05 + 10;
  await runTool(tools.ffmpeg, [...ladderArguments({ ...options, maxSeconds }), '-progress', 'pipe:1'], {
    signal,
    onSpawn,
    onLine: (line) => {
      // ffmpeg 4.1 reports out_time_ms in microseconds.
      const match = /^out_time_ms=(\d+)/.exec(line);
      if (!match || !onProgress) return;
      const percent = Math.min(99, Math.floor((Number(match[1]) / 1e6 / durationSeconds) * 100));
      if (percent > lastPercent) {
        lastPercent = percent;
        onProgress(percent);
      }
    },
  });
  onProgress?.(100);
  const renditions: EncodedRendition[] = [];
  for (const rung of options.ladder) {
    const dir = path.join(options.outDir, rung.name);
    if (!(await readdir(dir)).includes('index.m3u8'))
      throw new Error(`ffmpeg wrote no playlist for ${rung.name}`);
    const codecs = h264Codec(options.preset, rung.level) + (options.hasAudio ? ',mp4a.40.2' : '');
    renditions.push({ ...rung, ...(await measure(dir, codecs)) });
  }
  return renditions;
}

/** A still from about a tenth into the film (at most 10 s in), 640 px wide. */
export async function extractThumbnail(
  tools: MediaTools,
  input: string,
  output: string,
  durationSeconds: number,
) {
  const at = Math.min(10, durationSeconds * 0.1).toFixed(2);
  await runTool(tools.ffmpeg, [
    '-hide_banner',
    '-nostdin',
    '-y',
    '-ss',
    at,
    ...uploadedInput(input),
    '-frames:v',
    '1',
    '-vf',
    'scale=640:-2',
    '-q:v',
    '3',
    output,
  ]);
}
