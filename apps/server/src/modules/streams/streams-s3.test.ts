import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startS3 } from '../../../test/fakes/s3';
import { createFilmBeingProcessed, openSessionOnFilm, openViewingSession } from '../../../test/fixtures';
import { createTestApp, type TestApp } from '../../../test/helpers';
import { encryptSegment } from '../../media/hls-encrypt';

let s3: Awaited<ReturnType<typeof startS3>>;
let t: TestApp;
beforeAll(async () => {
  s3 = await startS3();
  t = await createTestApp(s3.env);
});
afterAll(async () => {
  await t?.close();
  await s3?.close();
});

describe('a viewer’s segments on S3 storage', () => {
  it('sends the browser to a signed URL for encrypted ones, and decrypts plain ones asked for late', async () => {
    const { video, keys, plainSegments, sessionId, playbackToken } = await openViewingSession(t);
    const segment = (stream: string) =>
      t.app.inject({
        method: 'GET',
        url: `/v1/watch/sessions/${sessionId}/segments/360p/seg_00000.ts?token=${playbackToken}&stream=${stream}`,
      });

    // Encrypted: straight from the bucket, through a short-lived signed URL.
    const redirected = await segment('hls');
    expect(redirected.statusCode).toBe(302);
    const signed = new URL(redirected.headers.location as string);
    expect(signed.origin).toBe(s3.settings.endpoint);
    // The redirect lapses with its URL; the bucket's answer may be kept by the viewer's browser only.
    expect(redirected.headers['cache-control']).toBe('private, no-store');
    const answered = await fetch(signed);
    expect(answered.headers.get('cache-control')).toBe('private, max-age=3600');
    const fromBucket = Buffer.from(await answered.arrayBuffer());
    expect(fromBucket.equals(encryptSegment(plainSegments[0]!, keys[0]!.key, keys[0]!.iv))).toBe(true);

    // Plain, for a player from before encryption completed: decrypted by the server, never redirected.
    await t.container.videosRepository.update(video.id, { encryptedAt: new Date() });
    const decrypted = await segment('plain');
    expect(decrypted.statusCode).toBe(200);
    expect(decrypted.headers['cache-control']).toBe('private, no-store');
    expect(decrypted.rawPayload.equals(plainSegments[0]!)).toBe(true);
  });

  it('lets no cache keep the plain segments of a film being processed, straight from the bucket', async () => {
    const me = await t.signUp();
    const { video, plainSegments } = await createFilmBeingProcessed(t, me.id);
    const { sessionId, playbackToken } = await openSessionOnFilm(t, me.headers, video.id);
    const redirected = await t.app.inject({
      method: 'GET',
      url: `/v1/watch/sessions/${sessionId}/segments/360p/seg_00000.ts?token=${playbackToken}&stream=plain`,
    });
    expect(redirected.statusCode).toBe(302);
    expect(redirected.headers['cache-control']).toBe('private, no-store');
    const answered = await fetch(redirected.headers.location as string);
    expect(answered.headers.get('cache-control')).toBe('private, no-store');
    expect(Buffer.from(await answered.arrayBuffer()).equals(plainSegments[0]!)).toBe(true);
  });
});
