import {
  MAX_PICTURE_SIDE,
  MediaError,
  type MediaTools,
  runTool,
  ToolStoppedForShutdown,
  uploadedInput,
} from './tools';

export type ProbeResult = {
  durationSeconds: number;
  width: number;
  height: number;
  /** The rate to encode at: the source's average, at most MAX_FPS. */
  fps: number;
  /** The highest rate the source declares (average or base): the rate an encoder may fill it to. */
  sourceFps: number;
  videoCodec: string;
  hasAudio: boolean;
  formatName: string;
};

/** The file is not a film we can stream: no readable video track. */
export class NotAVideoError extends Error {
  override name = 'NotAVideoError';
}

/**
 * The largest film we encode. What a film costs to encode follows its picture and its length as the
 * file declares them, not its size: a 1.5 KB file of two frames 100 hours apart is encoded as 100 hours
 * of film, and a 70 KB one of 12,000-pixel frames takes seconds and half a gigabyte per frame. Above
 * these no real film goes (8K is 8192 pixels wide; the longest festival films run under ten hours).
 */
export const FILM_LIMITS = { maxSidePixels: MAX_PICTURE_SIDE, maxHours: 12 };

/** The highest frame rate we encode: a source that declares more is encoded at this rate or its own average. */
export const MAX_FPS = 60;

/** A film beyond FILM_LIMITS: refused before anything encodes it. */
export class FilmTooLargeError extends NotAVideoError {
  override name = 'FilmTooLargeError';
}

const pictureTooLarge = (width: number, height: number) =>
  new FilmTooLargeError(
    `This film’s picture is ${width}×${height} pixels: the largest we take is ${FILM_LIMITS.maxSidePixels} pixels on a side (8K).`,
  );

/** A picture over the decoders' limit (uploadedInput), as their refusal names it. */
function refuseOverDecoderLimit(toolOutput: string) {
  const over = /Picture size (\d+)x(\d+) exceeds/.exec(toolOutput);
  if (over) throw pictureTooLarge(Number(over[1]), Number(over[2]));
}

function withinLimits(probe: ProbeResult): ProbeResult {
  const { width, height, durationSeconds } = probe;
  if (Math.max(width, height) > FILM_LIMITS.maxSidePixels) throw pictureTooLarge(width, height);
  if (durationSeconds > FILM_LIMITS.maxHours * 3600) {
    throw new FilmTooLargeError(
      `This film runs longer than ${FILM_LIMITS.maxHours} hours, the longest we take.`,
    );
  }
  return probe;
}

type FfprobeStream = {
  codec_type?: string;
  codec_name?: string;
  width?: number;
  height?: number;
  avg_frame_rate?: string;
  r_frame_rate?: string;
  duration?: string;
  disposition?: { attached_pic?: number };
  profile?: string;
  level?: number;
};

const rate = (fraction: string | undefined) => {
  const [n, d] = (fraction ?? '0/1').split('/').map(Number);
  return n && d ? n / d : 0;
};

/** What an uploaded (or downloaded) film is, once it is known to be one we can encode. */
export async function probeFile(tools: MediaTools, file: string): Promise<ProbeResult> {
  return withinLimits(await readFilm(tools, file));
}

async function readFilm(tools: MediaTools, file: string): Promise<ProbeResult> {
  let output: string;
  try {
    ({ stdout: output } = await runTool(
      tools.ffprobe,
      ['-v', 'error', '-print_format', 'json', '-show_format', '-show_streams', ...uploadedInput(file)],
      { collectStdout: true },
    ));
  } catch (error) {
    if (error instanceof ToolStoppedForShutdown) throw error;
    if (error instanceof MediaError && /SIG/.test(error.message)) return probeWithFfmpeg(tools, file);
    if (error instanceof MediaError) refuseOverDecoderLimit(error.detail);
    throw new NotAVideoError('This file is not a video we can read.');
  }
  const data = JSON.parse(output) as {
    streams?: FfprobeStream[];
    format?: { duration?: string; format_name?: string };
  };
  // A still picture (cover art of an audio file) is a "video" stream to ffprobe, but not a film.
  const video = data.streams?.find((s) => s.codec_type === 'video' && !s.disposition?.attached_pic);
  if (!video?.width || !video.height) throw new NotAVideoError('This file has no video track.');
  const durationSeconds = Number(data.format?.duration ?? video.duration ?? 0);
  if (!Number.isFinite(durationSeconds) || durationSeconds <= 0) {
    throw new NotAVideoError('This file has no playable length: it may be a still image or damaged.');
  }
  const fps = rate(video.avg_frame_rate) || rate(video.r_frame_rate) || 25;
  return {
    durationSeconds,
    width: video.width,
    height: video.height,
    fps: Math.min(fps, MAX_FPS),
    sourceFps: Math.max(fps, rate(video.r_frame_rate)),
    videoCodec: video.codec_name ?? 'unknown',
    hasAudio: Boolean(data.streams?.some((s) => s.codec_type === 'audio')),
    formatName: data.format?.format_name ?? 'unknown',
  };
}

/**
 * The packaged ffprobe crashes (SIGSEGV) in its MPEG-TS demuxer. For such files, read the same facts
 * from `ffmpeg -i`, whose banner lists the duration and streams.
 *
 * Only lines that begin with what they name are read: the banner also prints the file's metadata, and a
 * value with line breaks (an MPEG-TS programme name) printed "Stream #0:0: Video: …, 64x64, 24 fps"
 * ahead of the real stream, so a 1000 fps film was read as 24 fps and 64 pixels.
 */
export function parseFfmpegBanner(banner: string): Omit<ProbeResult, 'formatName'> & { formatName: string } {
  const duration = /^\s*Duration: (\d+):(\d{2}):(\d{2}(?:\.\d+)?)/m.exec(banner);
  const videoLine = banner
    .split('\n')
    .find((line) => /^\s*Stream #\d+:\d+.*: Video: /.test(line) && !line.includes('(attached pic)'));
  refuseOverDecoderLimit(banner);
  const size = videoLine ? /, (\d{2,5})x(\d{2,5})[, ]/.exec(videoLine) : null;
  if (!videoLine || !size) throw new NotAVideoError('This file has no video track.');
  const durationSeconds = duration
    ? Number(duration[1]) * 3600 + Number(duration[2]) * 60 + Number(duration[3])
    : 0;
  if (!(durationSeconds > 0)) {
    throw new NotAVideoError('This file has no playable length: it may be a still image or damaged.');
  }
  const fps = Number(/([\d.]+) fps/.exec(videoLine)?.[1] ?? 25);
  // tbr is the base rate ffmpeg fills a film to; "1k tbr" is a thousand.
  const tbr = /([\d.]+)(k?) tbr/.exec(videoLine);
  const baseFps = tbr ? Number(tbr[1]) * (tbr[2] ? 1000 : 1) : 0;
  return {
    durationSeconds,
    width: Number(size[1]),
    height: Number(size[2]),
    fps: Math.min(fps || 25, MAX_FPS),
    sourceFps: Math.max(fps || 25, baseFps),
    videoCodec: /Video: (\w+)/.exec(videoLine)?.[1] ?? 'unknown',
    hasAudio: /^\s*Stream #\d+:\d+.*: Audio: /m.test(banner),
    formatName: /^Input #0, ([^,]+(?:,[^ ]+)*), from/m.exec(banner)?.[1] ?? 'unknown',
  };
}

async function probeWithFfmpeg(tools: MediaTools, file: string) {
  // ffmpeg exits 1 ("at least one output file must be specified") after printing the banner.
  const banner = await runTool(tools.ffmpeg, ['-hide_banner', '-nostdin', ...uploadedInput(file)]).then(
    () => '',
    (error: MediaError | ToolStoppedForShutdown) => {
      if (error instanceof ToolStoppedForShutdown) throw error;
      return error.detail;
    },
  );
  return parseFfmpegBanner(banner);
}
