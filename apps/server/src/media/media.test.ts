import { createDecipheriv } from 'node:crypto';
import { mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { declareDuration, makeBomb, makeClip, makeGrowingFilm } from '../../test/clips';
import { encodeLadder } from './hls-encode';
import { encryptRendition } from './hls-encrypt';
import { ladderFor } from './ladder';
import { parseMediaPlaylist, rewriteMediaPlaylist } from './playlist';
import {
  FILM_LIMITS,
  FilmTooLargeError,
  NotAVideoError,
  type ProbeResult,
  parseFfmpegBanner,
  probeFile,
} from './probe';
import { resolveMediaTools, runTool } from './tools';

const tools = resolveMediaTools();

/** Encodes a test film as its probe says (no audio, 4 s segments, fastest preset); answers its renditions. */
const encodeAsProbed = (input: string, probe: ProbeResult, outDir: string) =>
  encodeLadder(tools, {
    input,
    outDir,
    ladder: ladderFor(probe),
    hasAudio: false,
    durationSeconds: probe.durationSeconds,
    fps: probe.fps,
    sourceFps: probe.sourceFps,
    segmentSeconds: 4,
    preset: 'ultrafast',
  });

/** How many frames ffmpeg decodes from a rendition's playlist. */
async function framesIn(playlist: string) {
  let frames = 0;
  await runTool(tools.ffmpeg, ['-i', playlist, '-f', 'null', '-', '-progress', 'pipe:1'], {
    onLine: (line) => {
      if (line.startsWith('frame=')) frames = Number(line.slice(6));
    },
  });
  return frames;
}
let dir: string;
let clip: string;

beforeAll(async () => {
  dir = await mkdtemp(path.join(tmpdir(), 'screenroom-media-'));
  clip = path.join(dir, 'clip.mp4');
  await makeClip(clip, { seconds: 7 });
});
afterAll(() => rm(dir, { recursive: true, force: true }));

const decrypt = (data: Buffer, key: Buffer, iv: Buffer) => {
  const decipher = createDecipheriv('aes-128-cbc', key, iv);
  return Buffer.concat([decipher.update(data), decipher.final()]);
};

describe('probing', () => {
  it('reads a film’s size, length and tracks', async () => {
    const probe = await probeFile(tools, clip);
    expect(probe).toMatchObject({ width: 640, height: 360, hasAudio: true, videoCodec: 'h264' });
    expect(probe.durationSeconds).toBeCloseTo(7, 0);
  });

  it('refuses files that are not films, whatever their name says', async () => {
    const fake = path.join(dir, 'movie.mp4');
    await writeFile(fake, 'this is text pretending to be an mp4');
    await expect(probeFile(tools, fake)).rejects.toBeInstanceOf(NotAVideoError);
    const still = path.join(dir, 'still.mp4');
    await runTool(tools.ffmpeg, [
      '-y',
      '-f',
      'lavfi',
      '-i',
      'color=c=red:s=64x64',
      '-frames:v',
      '1',
      '-f',
      'image2',
      still,
    ]);
    await expect(probeFile(tools, still)).rejects.toBeInstanceOf(NotAVideoError);
  });

  it('reads MPEG-TS films too (through ffmpeg where the packaged ffprobe crashes)', async () => {
    const ts = path.join(dir, 'film.ts');
    await runTool(tools.ffmpeg, ['-y', '-i', clip, '-c', 'copy', '-f', 'mpegts', ts]);
    const probe = await probeFile(tools, ts);
    expect(probe).toMatchObject({ width: 640, height: 360, hasAudio: true, videoCodec: 'h264' });
    expect(probe.durationSeconds).toBeCloseTo(7, 0);
  });
});

describe('files that claim more film than they hold', () => {
  it('refuses a film longer than the longest we take, though the file is a kilobyte', async () => {
    const seconds = FILM_LIMITS.maxHours * 3600 + 60;
    const long = await makeBomb(path.join(dir, 'long.mkv'), { seconds });
    await expect(probeFile(tools, long)).rejects.toThrow(
      new FilmTooLargeError(`This film runs longer than ${FILM_LIMITS.maxHours} hours, the longest we take.`),
    );
    // Just under the limit is a film.
    const longest = await makeBomb(path.join(dir, 'longest.mkv'), { seconds: seconds - 120 });
    expect((await probeFile(tools, longest)).durationSeconds).toBeGreaterThan(11 * 3600);
  });

  it('refuses a picture wider or taller than 8K', async () => {
    const wide = await makeBomb(path.join(dir, 'wide.mkv'), { width: 8200, height: 16 });
    await expect(probeFile(tools, wide)).rejects.toBeInstanceOf(FilmTooLargeError);
    const tall = await makeBomb(path.join(dir, 'tall.mkv'), { width: 16, height: 8200 });
    await expect(probeFile(tools, tall)).rejects.toThrow('8200 pixels: the largest we take is 8192');
  });

  it('probes a film of 9000-pixel frames without decoding one, and refuses it in words', async () => {
    const large = path.join(dir, 'large.mkv');
    await runTool(tools.ffmpeg, [
      ...['-y', '-f', 'lavfi', '-i', 'color=black:s=9000x9000:r=1', '-frames:v', '2'],
      ...['-c:v', 'ffv1', '-pix_fmt', 'yuv420p', large],
    ]);
    // An ffprobe with 100 MB to live in: reading the file's streams must not need a decoded frame.
    const ffprobe = path.join(dir, 'ffprobe-in-100-mb');
    await writeFile(ffprobe, `#!/bin/sh\nulimit -v 100000\nexec '${tools.ffprobe}' "$@"\n`, { mode: 0o755 });
    await expect(probeFile({ ...tools, ffprobe }, large)).rejects.toThrow(
      'This film’s picture is 9000×9000 pixels: the largest we take is 8192 pixels on a side (8K).',
    );
    // Also where ffprobe crashes and ffmpeg's banner is read instead.
    const crashing = path.join(dir, 'crashing-ffprobe-large');
    await writeFile(crashing, '#!/bin/sh\nkill -SEGV $$\n', { mode: 0o755 });
    await expect(probeFile({ ...tools, ffprobe: crashing }, large)).rejects.toBeInstanceOf(FilmTooLargeError);
  });

  it('encodes a film that declares a thousand frames a second at sixty', async () => {
    // Two frames ten seconds apart, in a file whose time base is a thousand frames a second.
    const fast = await makeBomb(path.join(dir, 'fast.mkv'), { seconds: 10, fps: 1000 });
    const probe = await probeFile(tools, fast);
    expect(probe).toMatchObject({ fps: 60, sourceFps: 1000 });
    const out = path.join(dir, 'fast-hls');
    const [rendition] = await encodeAsProbed(fast, probe, out);
    const frames = await framesIn(path.join(out, rendition!.name, 'index.m3u8'));
    expect(frames).toBeGreaterThan(500);
    expect(frames).toBeLessThanOrEqual(10 * 60 + 2);
  });

  it('encodes no further than the length a film declares, whatever its frames say', async () => {
    // Frames an hour apart, in a file whose header says it lasts two seconds.
    const forged = await declareDuration(await makeBomb(path.join(dir, 'forged.mkv'), { seconds: 3600 }), 2);
    const probe = await probeFile(tools, forged);
    expect(probe.durationSeconds).toBeCloseTo(2, 0);
    const out = path.join(dir, 'forged-hls');
    const [rendition] = await encodeAsProbed(forged, probe, out);
    const playlist = parseMediaPlaylist(
      await readFile(path.join(out, rendition!.name, 'index.m3u8'), 'utf8'),
    );
    const encoded = playlist.segments.reduce((sum, s) => sum + s.duration, 0);
    expect(encoded).toBeLessThan(30);
  });

  it('never decodes a picture over 8K, though the stream grows to one after the probe', async () => {
    const growing = await makeGrowingFilm(path.join(dir, 'growing.ts'));
    const probe = await probeFile(tools, growing);
    expect(probe).toMatchObject({ width: 64, height: 64 });
    const out = path.join(dir, 'growing-hls');
    const [rendition] = await encodeAsProbed(growing, probe, out);
    const frames = await framesIn(path.join(out, rendition!.name, 'index.m3u8'));
    // The twenty small frames; the 8200-pixel one is refused by the decoder, not scaled down.
    expect(frames).toBe(20);
  });

  it('reads ffmpeg’s banner for the film’s own stream, not lines written into its metadata', async () => {
    // A programme name with line breaks prints like a stream of its own, ahead of the real one.
    const forged = path.join(dir, 'forged-banner.ts');
    const fake =
      'Film\n    Stream #0:0: Video: h264, yuv420p, 64x64, 24 fps, 24 tbr, 90k tbn\n    Stream #0:1: Audio: aac';
    await runTool(tools.ffmpeg, [
      ...['-y', '-f', 'lavfi', '-i', 'color=black:s=640x360:r=1000', '-frames:v', '2'],
      ...['-vf', 'setpts=N*30/TB', '-vsync', 'vfr', '-c:v', 'libx264', '-preset', 'ultrafast'],
      ...['-pix_fmt', 'yuv420p', '-metadata', `service_name=${fake}`, '-f', 'mpegts', forged],
    ]);
    const crashing = path.join(dir, 'crashing-ffprobe-banner');
    await writeFile(crashing, '#!/bin/sh\nkill -SEGV $$\n', { mode: 0o755 });
    const probe = await probeFile({ ...tools, ffprobe: crashing }, forged);
    expect(probe).toMatchObject({ width: 640, height: 360, hasAudio: false });
    expect(probe.sourceFps).toBeGreaterThan(60);
  });

  it('reads the rate a film declares from ffmpeg too (where the packaged ffprobe crashes)', () => {
    const banner = [
      "Input #0, matroska,webm, from 'fast.mkv':",
      '  Duration: 00:00:10.00, start: 0.000000, bitrate: 1 kb/s',
      '    Stream #0:0: Video: h264 (High), yuv420p(progressive), 64x64 [SAR 1:1 DAR 1:1], 1k tbr, 1k tbn, 2k tbc (default)',
    ].join('\n');
    expect(parseFfmpegBanner(banner)).toMatchObject({ fps: 25, sourceFps: 1000 });
  });
});

describe('files that make ffmpeg open other files', () => {
  // An HLS playlist uploaded as a film, naming a film on disk (another presenter's source): ffmpeg read
  // and encoded that file as the uploader's own. Packets after it made the packaged ffprobe crash, so the
  // probe fell back to ffmpeg, which took the playlist too.
  const playlistNaming = async (target: string) => {
    const upload = path.join(dir, 'my-film');
    await writeFile(upload, `#EXTM3U\n#EXT-X-TARGETDURATION:7\n#EXTINF:7,\n${target}\n#EXT-X-ENDLIST\n`);
    return upload;
  };

  it('the probe refuses it, also through ffmpeg where ffprobe crashes', async () => {
    const upload = await playlistNaming(clip);
    await expect(probeFile(tools, upload)).rejects.toBeInstanceOf(NotAVideoError);
    const crashing = path.join(dir, 'crashing-ffprobe');
    await writeFile(crashing, '#!/bin/sh\nkill -SEGV $$\n', { mode: 0o755 });
    await expect(probeFile({ ...tools, ffprobe: crashing }, upload)).rejects.toBeInstanceOf(NotAVideoError);
  });

  it('the encoder never reads the film it names', async () => {
    const upload = await playlistNaming(clip);
    const encoding = encodeLadder(tools, {
      input: upload,
      outDir: path.join(dir, 'stolen'),
      ladder: ladderFor({ width: 640, height: 360 }),
      hasAudio: false,
      durationSeconds: 7,
      fps: 24,
      segmentSeconds: 4,
      preset: 'ultrafast',
    });
    await expect(encoding).rejects.toMatchObject({ detail: expect.stringMatching(/not on whitelist/) });
  });
});

describe('HLS with a key per segment', () => {
  it('encodes the ladder, then encrypts each segment with its own key and IV', async () => {
    const probe = await probeFile(tools, clip);
    const out = path.join(dir, 'hls');
    const progress: number[] = [];
    const [rendition] = await encodeLadder(tools, {
      input: clip,
      outDir: out,
      ladder: ladderFor(probe),
      hasAudio: true,
      durationSeconds: probe.durationSeconds,
      fps: probe.fps,
      segmentSeconds: 2,
      preset: 'ultrafast',
      onProgress: (p) => progress.push(p),
    });
    expect(rendition).toMatchObject({ name: '360p', width: 640, height: 360 });
    expect(rendition!.codecs).toBe('avc1.42E01E,mp4a.40.2');
    expect(rendition!.segments).toBeGreaterThanOrEqual(3);
    expect(progress.at(-1)).toBe(100);

    const plainPlaylist = await readFile(path.join(out, '360p', 'index.m3u8'), 'utf8');
    const plain = new Map<string, Buffer>();
    const encrypted = new Map<string, Buffer>();
    const result = await encryptRendition({
      playlist: plainPlaylist,
      readSegment: async (uri) => {
        const data = await readFile(path.join(out, '360p', uri));
        plain.set(uri, data);
        return data;
      },
      writeSegment: async (uri, data) => {
        encrypted.set(uri, data);
      },
    });

    const parsed = parseMediaPlaylist(result.playlist);
    const keyLines = result.playlist.split('\n').filter((l) => l.startsWith('#EXT-X-KEY'));
    expect(keyLines).toHaveLength(parsed.segments.length);
    expect(new Set(result.keys.map((k) => k.key.toString('hex'))).size).toBe(result.keys.length);
    expect(new Set(result.keys.map((k) => k.iv.toString('hex'))).size).toBe(result.keys.length);

    for (const [index, segment] of parsed.segments.entries()) {
      const key = result.keys[index]!;
      expect(segment.tags[0]).toBe(
        `#EXT-X-KEY:METHOD=AES-128,URI="key:${key.keyId}",IV=0x${key.iv.toString('hex')}`,
      );
      const cipher = encrypted.get(segment.uri)!;
      expect(cipher.equals(plain.get(segment.uri)!)).toBe(false);
      expect(decrypt(cipher, key.key, key.iv).equals(plain.get(segment.uri)!)).toBe(true);
      // Another segment's key does not open this one.
      const other = result.keys[(index + 1) % result.keys.length]!;
      let opened: Buffer | null = null;
      try {
        opened = decrypt(cipher, other.key, key.iv);
      } catch {
        opened = null;
      }
      expect(opened?.equals(plain.get(segment.uri)!) ?? false).toBe(false);
    }

    const served = rewriteMediaPlaylist(result.playlist, {
      segment: (uri) => `/s/${uri}?token=T`,
      key: (id) => `/k/${id}?token=T`,
    });
    expect(served).toContain(`URI="/k/${result.keys[0]!.keyId}?token=T"`);
    expect(served).toContain(`/s/${parsed.segments[0]!.uri}?token=T`);
    expect(served.trim().endsWith('#EXT-X-ENDLIST')).toBe(true);
  });
});
