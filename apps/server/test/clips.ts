import { readFile, writeFile } from 'node:fs/promises';
import { resolveMediaTools, runTool } from '../src/media/tools';

const tools = resolveMediaTools();

/** ffmpeg's arguments that start a file from one of its generated sources (`testsrc2=…`, `color=…`). */
const fromSource = (source: string) => ['-hide_banner', '-y', '-f', 'lavfi', '-i', source];

/** A real little film made with ffmpeg: a test pattern and a tone. */
export async function makeClip(
  file: string,
  options: { seconds?: number; width?: number; height?: number; audio?: boolean; preset?: string } = {},
) {
  const { seconds = 4, width = 640, height = 360, audio = true, preset = 'ultrafast' } = options;
  await runTool(tools.ffmpeg, [
    ...fromSource(`testsrc2=s=${width}x${height}:r=24:d=${seconds}`),
    ...(audio ? ['-f', 'lavfi', '-i', `sine=frequency=440:d=${seconds}`] : []),
    '-c:v',
    'libx264',
    '-preset',
    preset,
    '-pix_fmt',
    'yuv420p',
    ...(audio ? ['-c:a', 'aac', '-shortest'] : []),
    file,
  ]);
  return file;
}

/**
 * A film file that claims far more than its bytes: two small frames `seconds` apart (an encoder fills
 * the gap, at the rate the file declares: `fps`), `width`×`height` pixels. A kilobyte or two.
 */
export async function makeBomb(file: string, { seconds = 2, width = 64, height = 64, fps = 24 } = {}) {
  await runTool(tools.ffmpeg, [
    ...fromSource(`color=black:s=${width}x${height}:r=${fps}`),
    '-frames:v',
    '2',
    '-vf',
    `setpts=N*${seconds}/TB`,
    '-vsync',
    'vfr',
    '-c:v',
    'libx264',
    '-preset',
    'ultrafast',
    '-pix_fmt',
    'yuv420p',
    file,
  ]);
  return file;
}

/**
 * Rewrites the length a Matroska file (ffmpeg's, 64-bit Duration) declares in its header, leaving its
 * frames where they are: what a forged film does to look short.
 */
export async function declareDuration(file: string, seconds: number) {
  const bytes = await readFile(file);
  const at = bytes.indexOf(Buffer.from([0x44, 0x89, 0x88]));
  if (at === -1) throw new Error(`${file} has no 64-bit Duration element`);
  // Matroska counts it in TimecodeScale units, ffmpeg's default being milliseconds.
  bytes.writeDoubleBE(seconds * 1000, at + 3);
  await writeFile(file, bytes);
  return file;
}

/**
 * An MPEG-TS film of `seconds` black 64-pixel frames, then one frame of `side` pixels a side: the
 * probe reads it as 64×64, and a decoder meets the large frame later.
 */
export async function makeGrowingFilm(file: string, { seconds = 20, side = 8200 } = {}) {
  const part = async (size: number, frames: number, offset: number) => {
    const out = `${file}.${size}.ts`;
    await runTool(tools.ffmpeg, [
      ...fromSource(`color=black:s=${size}x${size}:r=1`),
      ...['-frames:v', String(frames), '-c:v', 'libx264', '-preset', 'ultrafast', '-pix_fmt', 'yuv420p'],
      ...['-output_ts_offset', String(offset), '-f', 'mpegts', out],
    ]);
    return readFile(out);
  };
  await writeFile(file, Buffer.concat([await part(64, seconds, 0), await part(side, 1, seconds)]));
  return file;
}
