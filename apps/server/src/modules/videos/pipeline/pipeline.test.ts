import { createDecipheriv } from 'node:crypto';
import { existsSync } from 'node:fs';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { makeClip } from '../../../../test/clips';
import { createTestApp, type TestApp } from '../../../../test/helpers';
import { tusUpload, waitForVideo } from '../../../../test/media';
import { logs } from '../../../db/schema/logs';
import { parseMediaPlaylist } from '../../../media/playlist';

let t: TestApp;
let dir: string;

beforeAll(async () => {
  t = await createTestApp({ SAMPLE_FILM_SECONDS: '6', PLAN_FREE_VIDEO_LIMIT: '1' }, { worker: true });
  dir = await mkdtemp(path.join(tmpdir(), 'screenroom-pipeline-'));
});
afterAll(async () => {
  await t.close();
  await rm(dir, { recursive: true, force: true });
});

const get = (url: string) => t.app.inject({ method: 'GET', url });
const pathOf = (url: string) => {
  const u = new URL(url, 'http://screenroom.test/v1/');
  return `${u.pathname}${u.search}`;
};
const isTransportStream = (data: Buffer) => data.length % 188 === 0 && data[0] === 0x47 && data[188] === 0x47;

async function uploadFilm(headers: Record<string, string>, clip: string, title: string) {
  const { uploadId } = await tusUpload(t, headers, clip);
  const res = await t.app.inject({
    method: 'POST',
    url: '/v1/videos',
    headers,
    payload: { source: 'upload', upload_id: uploadId, title, description: 'Pipeline test' },
  });
  expect(res.statusCode).toBe(201);
  return res.json().video.id as string;
}

// Each test encodes with ffmpeg; it waits as long as its own waitForVideo allows, not vitest's 30 s.
describe('the pipeline, end to end', { timeout: 180_000 }, () => {
  it('encodes, encrypts every segment with its own key, and serves it to the owner’s preview', async () => {
    const me = await t.signUp();
    const clip = await makeClip(path.join(dir, 'hd.mp4'), { seconds: 5, width: 1280, height: 720 });
    const id = await uploadFilm(me.headers, clip, 'HD film');

    const seen = new Set<string>();
    const done = await waitForVideo(t, me.headers, id, (v) => {
      seen.add(v.status);
      return v.status === 'encryption-completed' || v.status.endsWith('failed');
    });
    expect(done).toMatchObject({
      status: 'encryption-completed',
      encrypted: true,
      playable: true,
      progress: 100,
    });
    expect(done.renditions).toEqual(['360p', '720p']);
    expect(done.duration).toBeCloseTo(5, 0);
    expect(done.thumbnail).toMatch(/\/v1\/media\/videos\/.+\/images\/thumbnail-[0-9a-f]{12}\.jpg\?sig=/);

    const { url } = (
      await t.app.inject({
        method: 'POST',
        url: '/v1/videos/getHlsUrl',
        headers: me.headers,
        payload: { videoId: id },
      })
    ).json();
    const master = await get(pathOf(url));
    expect(master.statusCode).toBe(200);
    expect(master.headers['content-type']).toContain('application/vnd.apple.mpegurl');
    expect(master.body).toMatch(/RESOLUTION=1280x720,CODECS="avc1\.42E01F,mp4a\.40\.2"/);
    const renditionUrls = master.body.split('\n').filter((l) => l.includes('index.m3u8'));
    expect(renditionUrls).toHaveLength(2);
    // Every URL names the streams this player loaded, so it keeps them whatever happens to the film.
    for (const u of renditionUrls) expect(u).toMatch(/&stream=hls$/);
    const plainOf = new Map<string, Buffer>();

    for (const renditionUrl of renditionUrls) {
      const playlistUrl = new URL(renditionUrl, url);
      const playlist = await get(`${playlistUrl.pathname}${playlistUrl.search}`);
      const parsed = parseMediaPlaylist(playlist.body);
      const keyLines = playlist.body.split('\n').filter((l) => l.startsWith('#EXT-X-KEY'));
      expect(parsed.segments.length).toBeGreaterThanOrEqual(2);
      expect(keyLines).toHaveLength(parsed.segments.length);

      const keys: Buffer[] = [];
      for (const segment of parsed.segments) {
        const keyTag = segment.tags.find((tag) => tag.startsWith('#EXT-X-KEY'))!;
        const keyUri = /URI="([^"]+)"/.exec(keyTag)![1]!;
        const iv = Buffer.from(/IV=0x([0-9a-f]+)/.exec(keyTag)![1]!, 'hex');
        const keyUrl = new URL(keyUri, playlistUrl);
        const key = (await get(`${keyUrl.pathname}${keyUrl.search}`)).rawPayload;
        expect(key).toHaveLength(16);
        keys.push(key);
        const segmentUrl = new URL(segment.uri, playlistUrl);
        const cipher = (await get(`${segmentUrl.pathname}${segmentUrl.search}`)).rawPayload;
        expect(isTransportStream(cipher)).toBe(false);
        const decipher = createDecipheriv('aes-128-cbc', key, iv);
        const plain = Buffer.concat([decipher.update(cipher), decipher.final()]);
        expect(isTransportStream(plain)).toBe(true);
        plainOf.set(`${segmentUrl.pathname.split('/').slice(-2).join('/')}`, plain);
      }
      expect(new Set(keys.map((k) => k.toString('hex'))).size).toBe(keys.length);
    }

    // A player that loaded the plain streams before encryption completed goes on asking for them: the
    // server decrypts the segments for it, with playlists as they were (no keys). Here the preview opened
    // after encryption, so its completion is moved to now, after the preview's token was issued.
    const encryptedAt = (await t.container.videosRepository.findById(id))!.encryptedAt;
    expect(encryptedAt!.getTime()).toBeGreaterThan(Date.now() - 120_000);
    await t.container.videosRepository.update(id, { encryptedAt: new Date() });
    const plainMaster = await get(pathOf(`${url}&stream=plain`));
    const plainRenditions = plainMaster.body.split('\n').filter((l) => l.includes('index.m3u8'));
    expect(plainRenditions).toHaveLength(2);
    for (const renditionUrl of plainRenditions) {
      expect(renditionUrl).toMatch(/&stream=plain$/);
      const playlistUrl = new URL(renditionUrl, url);
      const playlist = await get(`${playlistUrl.pathname}${playlistUrl.search}`);
      expect(playlist.statusCode).toBe(200);
      expect(playlist.body).not.toContain('#EXT-X-KEY');
      const { segments } = parseMediaPlaylist(playlist.body);
      expect(segments.length).toBeGreaterThanOrEqual(2);
      for (const segment of segments) {
        expect(segment.uri).toMatch(/&stream=plain$/);
        const segmentUrl = new URL(segment.uri, playlistUrl);
        const res = await get(`${segmentUrl.pathname}${segmentUrl.search}`);
        expect(res.statusCode).toBe(200);
        expect(res.headers['content-type']).toBe('video/mp2t');
        // Playable without a key, so the browser keeps no copy.
        expect(res.headers['cache-control']).toBe('private, no-store');
        const expected = plainOf.get(segmentUrl.pathname.split('/').slice(-2).join('/'));
        expect(expected).toBeDefined();
        expect(res.rawPayload.equals(expected!)).toBe(true);
      }
    }
    const madeUp = await get(pathOf(`${url}&stream=clear`));
    expect(madeUp.statusCode).toBe(400);
    expect(madeUp.json().message).toContain('The stream must be "plain" or "hls".');
    // A preview opened after encryption completed has no plain streams to go on with: the server does
    // not decrypt the film for whoever asks.
    await t.container.videosRepository.update(id, { encryptedAt: new Date(Date.now() - 60_000) });
    const late = await get(pathOf(`${url}&stream=plain`));
    expect(late.statusCode).toBe(404);
    expect(late.json().message).toBe('This film is encrypted now: reload the page to go on watching.');
    const lateSegment = new URL(
      `360p/seg_00000.ts?token=${new URL(url).searchParams.get('token')}&stream=plain`,
      url,
    );
    expect((await get(`${lateSegment.pathname}${lateSegment.search}`)).statusCode).toBe(404);

    // The plain segments are gone once the encrypted ones are in place; keys never sit beside the streams.
    const stored = await t.container.storage.list(`videos/${id}`);
    expect(stored.some((k) => k.includes('/plain/'))).toBe(false);
    expect(stored.some((k) => k.includes('/source/'))).toBe(false);
    expect(stored.filter((k) => k.endsWith('.ts')).length).toBeGreaterThanOrEqual(4);
    expect(stored.some((k) => /key/i.test(k))).toBe(false);
  });

  it('refuses the preview streams without a valid token for this very film', async () => {
    const me = await t.signUp();
    const clip = await makeClip(path.join(dir, 'small.mp4'), { seconds: 3 });
    const id = await uploadFilm(me.headers, clip, 'Small film');
    await waitForVideo(t, me.headers, id, (v) => v.status === 'encryption-completed');
    const { url } = (
      await t.app.inject({
        method: 'POST',
        url: '/v1/videos/getHlsUrl',
        headers: me.headers,
        payload: { videoId: id },
      })
    ).json();
    const token = new URL(url).searchParams.get('token');
    const missing = await get(`/v1/videos/${id}/hls/master.m3u8`);
    expect(missing.statusCode).toBe(400);
    const forged = await get(`/v1/videos/${id}/hls/master.m3u8?token=${token}x`);
    expect(forged.statusCode).toBe(401);
    const otherFilm = await get(
      `/v1/videos/00000000-0000-4000-8000-000000000000/hls/master.m3u8?token=${token}`,
    );
    expect(otherFilm.statusCode).toBe(401);
    // Anyone can send made-up tokens: the same refusal from the same address is logged once a minute,
    // so nobody floods the presenter's log (a reviewer added 1,000 entries in 12 s).
    for (let i = 0; i < 5; i++) await get(`/v1/videos/${id}/hls/master.m3u8?token=${token}x`);
    const refusals = await t.db
      .select()
      .from(logs)
      .where(and(eq(logs.type, 'access'), eq(logs.videoId, id)));
    expect(refusals).toHaveLength(1);
    expect(JSON.stringify(refusals)).not.toContain(token);
  });

  it('makes the sample film through the same pipeline; it does not count toward the plan', async () => {
    const me = await t.signUp();
    const clip = await makeClip(path.join(dir, 'own.mp4'), { seconds: 2 });
    await uploadFilm(me.headers, clip, 'My own film');
    const sample = await t.app.inject({
      method: 'POST',
      url: '/v1/videos/createSampleVideo',
      headers: me.headers,
    });
    expect(sample.statusCode).toBe(200);
    const { id, type } = sample.json().video;
    expect(type).toBe('sample');
    const done = await waitForVideo(t, me.headers, id, (v) => v.status === 'encryption-completed', 120_000);
    expect(done.renditions).toEqual(['360p', '720p']);
    // Asking again gives the same sample.
    const again = await t.app.inject({
      method: 'POST',
      url: '/v1/videos/createSampleVideo',
      headers: me.headers,
    });
    expect(again.json().video.id).toBe(id);
  });
});

describe('a film deleted while it encodes', { timeout: 180_000 }, () => {
  it('is deleted at once, and the files its step was writing are removed when the step notices', async () => {
    const me = await t.signUp();
    const clip = await makeClip(path.join(dir, 'deleted.mp4'), { seconds: 12, width: 1280, height: 720 });
    const id = await uploadFilm(me.headers, clip, 'Deleted mid-encode');
    await waitForVideo(t, me.headers, id, (v) => v.status === 'encoding-in-progress');

    const removed = await t.app.inject({ method: 'DELETE', url: `/v1/videos/${id}`, headers: me.headers });
    expect(removed.statusCode).toBe(200);
    const after = await t.app.inject({ method: 'GET', url: `/v1/videos/${id}`, headers: me.headers });
    expect(after.statusCode).toBe(404);

    const leftovers = [path.join(t.dataDir, 'work', id), path.join(t.dataDir, 'storage', 'videos', id)];
    const deadline = Date.now() + 60_000;
    let left = leftovers;
    while (Date.now() < deadline) {
      left = leftovers.filter((p) => existsSync(p));
      if (left.length === 0) break;
      await new Promise((r) => setTimeout(r, 250));
    }
    expect(left).toEqual([]);
  });

  it('the sample, deleted while its streams are being copied, is deleted without an error', async () => {
    for (let round = 0; round < 8; round++) {
      const me = await t.signUp();
      const sample = await t.app.inject({
        method: 'POST',
        url: '/v1/videos/createSampleVideo',
        headers: me.headers,
      });
      const id = sample.json().video.id;
      await new Promise((r) => setTimeout(r, round * 200));
      const removed = await t.app.inject({ method: 'DELETE', url: `/v1/videos/${id}`, headers: me.headers });
      expect(removed.statusCode, removed.body).toBe(200);
    }
  });
});

describe('failures', { timeout: 120_000 }, () => {
  it('lands in encoding-failed with the reason and a log entry, and Retry starts the step again', async () => {
    const broken = await createTestApp({ FFMPEG_PATH: '/bin/false' }, { worker: true });
    try {
      const me = await broken.signUp();
      const clip = await makeClip(path.join(dir, 'doomed.mp4'), { seconds: 2 });
      const { uploadId } = await tusUpload(broken, me.headers, clip);
      const created = await broken.app.inject({
        method: 'POST',
        url: '/v1/videos',
        headers: me.headers,
        payload: { source: 'upload', upload_id: uploadId, title: 'Doomed', description: 'Will fail' },
      });
      const id = created.json().video.id;
      const failed = await waitForVideo(
        broken,
        me.headers,
        id,
        (v) => v.status === 'encoding-failed',
        60_000,
      );
      expect(failed.failure_reason).toMatch(/encode step failed/);
      const entries = await broken.db.select().from(logs).where(eq(logs.videoId, id));
      expect(entries.some((e) => e.level === 'error' && /Encoding failed/.test(e.message))).toBe(true);

      const retried = await broken.app.inject({
        method: 'POST',
        url: `/v1/videos/${id}/retry`,
        headers: me.headers,
      });
      expect(retried.statusCode).toBe(200);
      expect(['transcoding', 'encoding-in-progress', 'encoding-failed']).toContain(
        retried.json().video.status,
      );
      expect(retried.json().video.failure_reason).toBeNull();
    } finally {
      await broken.close();
    }
  });
});
