import { eq } from 'drizzle-orm';
import { afterAll, describe, expect, it, vi } from 'vitest';
import { openSessionOnFilm } from '../../../test/fixtures';
import { createTestApp, type TestApp } from '../../../test/helpers';
import { waitForVideo } from '../../../test/media';
import { videos as videosTable } from '../../db/schema/videos';

const apps: TestApp[] = [];
afterAll(() => Promise.all(apps.map((a) => a.close())));

const listVideos = async (t: TestApp, headers: Record<string, string>) =>
  (await t.app.inject({ method: 'GET', url: '/v1/videos', headers })).json().results as {
    type: string;
    title: string;
    description: string;
  }[];

// Encoding the sample runs ffmpeg; the tests wait as long as their own waits allow, not vitest's 30 s.
describe('registration gives a new presenter the sample screener', { timeout: 180_000 }, () => {
  it('creates one sample at sign-up, and only one', async () => {
    const t = await createTestApp({ SAMPLE_ON_REGISTER: 'true', SAMPLE_FILM_SECONDS: '4' });
    apps.push(t);
    const me = await t.signUp();
    const videos = await listVideos(t, me.headers);
    expect(videos).toHaveLength(1);
    expect(videos[0]).toMatchObject({ type: 'sample', title: 'A Screenroom sample' });
    // Its description gives the length it was made at (SAMPLE_FILM_SECONDS), not always "one-minute".
    expect(videos[0]?.description).toMatch(/^A 4-second sample screener /);

    // Asking for the sample again (the onboarding's fallback) returns the same film.
    const again = await t.app.inject({
      method: 'POST',
      url: '/v1/videos/createSampleVideo',
      headers: me.headers,
    });
    expect(again.statusCode).toBe(200);
    expect(await listVideos(t, me.headers)).toHaveLength(1);

    // Nor do several requests at the same moment (a presenter without one, clicking twice).
    const other = await t.signUp();
    await t.db.delete(videosTable).where(eq(videosTable.presenterId, other.id));
    const together = await Promise.all(
      Array.from({ length: 4 }, () =>
        t.app.inject({ method: 'POST', url: '/v1/videos/createSampleVideo', headers: other.headers }),
      ),
    );
    expect(together.map((r) => r.statusCode)).toEqual([200, 200, 200, 200]);
    expect(new Set(together.map((r) => r.json().video.id)).size).toBe(1);
    expect(await listVideos(t, other.headers)).toHaveLength(1);

    // Signing in again later does not make a second one.
    const login = await t.app.inject({
      method: 'POST',
      url: '/v1/auth/login',
      payload: { email: me.email },
    });
    expect(login.statusCode).toBe(200);
    expect(await listVideos(t, me.headers)).toHaveLength(1);
  });

  it('makes one sample when requests for it reach two servers at the same moment', async () => {
    const t = await createTestApp({ SAMPLE_FILM_SECONDS: '4' });
    apps.push(t);
    const other = await t.anotherServer();
    const me = await t.signUp();
    const together = await Promise.all(
      Array.from({ length: 4 }, (_, i) =>
        (i % 2 ? other.app : t.app).inject({
          method: 'POST',
          url: '/v1/videos/createSampleVideo',
          headers: me.headers,
        }),
      ),
    );
    expect(together.map((r) => r.statusCode)).toEqual([200, 200, 200, 200]);
    expect(new Set(together.map((r) => r.json().video.id)).size).toBe(1);
    expect(await listVideos(t, me.headers)).toHaveLength(1);
  });

  it('gives the sample an English subtitles track, offered to its viewers and removable', async () => {
    const t = await createTestApp(
      { SAMPLE_ON_REGISTER: 'true', SAMPLE_FILM_SECONDS: '12' },
      { worker: true },
    );
    apps.push(t);
    const me = await t.signUp();
    const [sample] = (await t.app.inject({ method: 'GET', url: '/v1/videos', headers: me.headers })).json()
      .results as { id: string }[];
    const listed = await t.app.inject({
      method: 'GET',
      url: `/v1/videos/${sample!.id}/subtitles`,
      headers: me.headers,
    });
    expect(listed.statusCode).toBe(200);
    const tracks = listed.json().subtitles as { id: string; last_cue_end: number }[];
    expect(tracks).toHaveLength(1);
    expect(tracks[0]).toMatchObject({ language: 'en', kind: 'subtitles', label: 'English' });
    // Its cues stay within the film (a 12 s one here), so it is not flagged as made for another cut.
    expect(tracks[0]!.last_cue_end).toBeLessThanOrEqual(12);

    await waitForVideo(t, me.headers, sample!.id, (v) => v.status === 'encryption-completed', 120_000);
    const opened = await openSessionOnFilm(t, me.headers, sample!.id);
    const { sessionId, playbackToken } = opened;
    expect((opened as unknown as { video: { subtitles: unknown[] } }).video.subtitles).toEqual([
      { id: tracks[0]!.id, language: 'en', kind: 'subtitles', label: 'English' },
    ]);
    const session = await t.app.inject({
      method: 'GET',
      url: `/v1/watch/sessions/${sessionId}/subtitles/${tracks[0]!.id}?token=${playbackToken}`,
    });
    expect(session.statusCode).toBe(200);
    expect(session.body).toMatch(/^WEBVTT\n/);
    expect(session.body).toContain('A Screenroom sample');
    expect(session.body).toContain('line:0');

    const removed = await t.app.inject({
      method: 'DELETE',
      url: `/v1/videos/${sample!.id}/subtitles/${tracks[0]!.id}`,
      headers: me.headers,
    });
    expect(removed.statusCode).toBeLessThan(300);
    const after = await t.app.inject({
      method: 'GET',
      url: `/v1/videos/${sample!.id}/subtitles`,
      headers: me.headers,
    });
    expect(after.json().subtitles).toEqual([]);
  });

  it('still makes the sample when its subtitles cannot be added, and logs why', async () => {
    const t = await createTestApp({ SAMPLE_FILM_SECONDS: '4' });
    apps.push(t);
    vi.spyOn(t.container.subtitles, 'upload').mockRejectedValueOnce(new Error('storage is down'));
    const me = await t.signUp();
    const sample = await t.app.inject({
      method: 'POST',
      url: '/v1/videos/createSampleVideo',
      headers: me.headers,
    });
    expect(sample.statusCode).toBe(200);
    expect(await listVideos(t, me.headers)).toHaveLength(1);
    const logs = await t.app.inject({ method: 'GET', url: '/v1/logs', headers: me.headers });
    expect(logs.body).toContain('The subtitles of a sample screener could not be added');
  });

  it('still registers the presenter when the sample cannot be made, and logs why', async () => {
    const t = await createTestApp({ SAMPLE_ON_REGISTER: 'true', FFMPEG_PATH: '/nonexistent/ffmpeg' });
    apps.push(t);
    const me = await t.signUp();
    expect(await listVideos(t, me.headers)).toHaveLength(0);
    const logs = await t.app.inject({ method: 'GET', url: '/v1/logs', headers: me.headers });
    expect(logs.statusCode).toBe(200);
    expect(logs.body).toContain('The sample screener of a new presenter could not be created');
  });
});
