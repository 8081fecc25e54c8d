import { randomBytes, randomUUID } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { videos } from '../src/db/schema/videos';
import { SecretBox } from '../src/lib/secret-box';
import { encryptSegment } from '../src/media/hls-encrypt';
import { masterKey, renditionPlaylistKey, segmentKey } from '../src/modules/streams/stream-layout';
import { ViewerTokens } from '../src/modules/tracking-links/viewer-tokens';
import type { TestApp } from './helpers';

/** The token columns of a tracking link inserted straight into the table (its hash and sealed copy). */
export const newViewerToken = (t: TestApp) => new ViewerTokens(new SecretBox(t.config.masterKey)).issue();

/** A film row of the presenter's, ready for sharing tests (no upload or encoding needed). */
export async function createFilm(t: TestApp, presenterId: string, title = 'Night Train') {
  return t.container.videosRepository.create({
    presenterId,
    type: 'upload',
    title,
    description: 'A film for sharing tests',
    status: 'encryption-completed',
  });
}

/**
 * A film that plays: encrypted streams (two segments of one rendition, each with its own key) stored
 * through the real storage and key store, without running ffmpeg.
 */
export async function createPlayableFilm(t: TestApp, presenterId: string, title = 'Night Train') {
  const video = await t.container.videosRepository.create({
    presenterId,
    type: 'upload',
    title,
    description: 'A playable film',
    status: 'encryption-completed',
    encrypted: true,
    durationSeconds: 120,
    renditions: [
      { name: '360p', width: 640, height: 360, bandwidth: 800_000, playlist: '360p/index.m3u8', segments: 2 },
    ],
  });
  const keys = [0, 1].map((segmentIndex) => ({
    keyId: randomUUID(),
    segmentIndex,
    key: randomBytes(16),
    iv: randomBytes(16),
    rendition: '360p',
  }));
  /** What the film's segments held before encryption (the encrypted ones are these, sealed). */
  const plainSegments = keys.map(() => randomBytes(188 * 10));
  const { storage, streams } = t.container;
  await storage.put(
    masterKey(video.id, 'hls'),
    '#EXTM3U\n#EXT-X-VERSION:3\n#EXT-X-STREAM-INF:BANDWIDTH=800000,RESOLUTION=640x360,CODECS="avc1.4D401E,mp4a.40.2"\n360p/index.m3u8\n',
  );
  const lines = ['#EXTM3U', '#EXT-X-VERSION:3', '#EXT-X-TARGETDURATION:4', '#EXT-X-PLAYLIST-TYPE:VOD'];
  for (const k of keys) {
    lines.push(
      `#EXT-X-KEY:METHOD=AES-128,URI="key:${k.keyId}",IV=0x${k.iv.toString('hex')}`,
      '#EXTINF:4.0,',
      `seg_0000${k.segmentIndex}.ts`,
    );
    await storage.put(
      segmentKey(video.id, 'hls', '360p', `seg_0000${k.segmentIndex}.ts`),
      encryptSegment(plainSegments[k.segmentIndex]!, k.key, k.iv),
    );
  }
  lines.push('#EXT-X-ENDLIST');
  await storage.put(renditionPlaylistKey(video.id, 'hls', '360p'), `${lines.join('\n')}\n`);
  await streams.storeKeys(video.id, keys);
  return { video, keys, plainSegments };
}

/**
 * The same film while it is being processed: playable from its plain streams (stored as the encoder
 * leaves them), not encrypted yet.
 */
export async function createFilmBeingProcessed(t: TestApp, presenterId: string, title = 'Night Train') {
  const film = await createPlayableFilm(t, presenterId, title);
  const { storage } = t.container;
  const encrypted = await storage.getBuffer(masterKey(film.video.id, 'hls'));
  await storage.put(masterKey(film.video.id, 'plain'), encrypted!);
  const lines = ['#EXTM3U', '#EXT-X-VERSION:3', '#EXT-X-TARGETDURATION:4', '#EXT-X-PLAYLIST-TYPE:VOD'];
  for (const [index, plain] of film.plainSegments.entries()) {
    lines.push('#EXTINF:4.0,', `seg_0000${index}.ts`);
    await storage.put(segmentKey(film.video.id, 'plain', '360p', `seg_0000${index}.ts`), plain);
  }
  lines.push('#EXT-X-ENDLIST');
  await storage.put(renditionPlaylistKey(film.video.id, 'plain', '360p'), `${lines.join('\n')}\n`);
  const [video] = await t.db
    .update(videos)
    .set({ status: 'ready-to-encrypt', encrypted: false, encryptedAt: null })
    .where(eq(videos.id, film.video.id))
    .returning();
  return { ...film, video: video! };
}

/**
 * A presenter's playable film (with its keys and plain segments), a tracking link to it and a viewing
 * session opened on that link.
 */
export async function openViewingSession(t: TestApp) {
  const me = await t.signUp();
  const film = await createPlayableFilm(t, me.id);
  return { me, ...film, ...(await openSessionOnFilm(t, me.headers, film.video.id)) };
}

/** A new tracking link to the presenter's film, and a viewing session opened on it. */
export async function openSessionOnFilm(t: TestApp, headers: Record<string, string>, videoId: string) {
  const created = await t.app.inject({
    method: 'POST',
    url: '/v1/screeners',
    headers,
    payload: { video_id: videoId },
  });
  const token = (created.json().screener.access_url as string).split('/watch/')[1];
  const opened = await t.app.inject({ method: 'POST', url: `/v1/watch/links/${token}/sessions` });
  return opened.json() as { sessionId: string; playbackToken: string };
}
