import { MESSAGES } from '@screenroom/shared/messages';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createFilm, createPlayableFilm } from '../../test/fixtures';
import { createTestApp, type TestApp } from '../../test/helpers';
import { watchSessions } from '../db/schema/watch';

/** Inputs found by fuzzing every operation of the OpenAPI document that used to answer 500. */
let t: TestApp;
let me: Awaited<ReturnType<TestApp['signUp']>>;
beforeAll(async () => {
  t = await createTestApp();
  me = await t.signUp();
});
afterAll(async () => {
  expect(t.undocumentedAnswers(), 'answers the API document does not list').toEqual([]);
  await t.close();
});

const json = (method: 'GET' | 'POST' | 'PATCH', url: string, payload?: unknown) =>
  t.app.inject({ method, url, headers: me.headers, payload: payload as object });

describe('bad input answers 400 in words, never 500', () => {
  it('a NUL character, in a JSON body, a query or an address', async () => {
    const video = await createFilm(t, me.id);
    const renamed = await json('PATCH', `/v1/videos/${video.id}`, { title: 'a\u0000b' });
    expect(renamed.statusCode).toBe(400);
    expect(renamed.json().message).toBe(MESSAGES.nulCharacter);
    // An escaped backslash before "u0000" is plain text, not a NUL.
    const literal = await json('PATCH', `/v1/videos/${video.id}`, { title: 'C:\\u0000' });
    expect(literal.statusCode, literal.body).toBe(200);
    expect(literal.json().video.title).toBe('C:\\u0000');

    for (const url of ['/v1/videos?search=%00', '/v1/markets/public/%00', `/v1/videos/${video.id}%00`]) {
      const res = await json('GET', url);
      expect(res.statusCode, url).toBe(400);
      expect(res.json().message).toBe(MESSAGES.nulCharacter);
    }
  });

  it("the router's refusals do not echo the address (and its token)", async () => {
    const broken = await t.app.inject({
      method: 'GET',
      url: '/v1/videos/%E0%A4%A/hls/master.m3u8?token=secret123',
    });
    expect(broken.statusCode).toBe(400);
    expect(broken.json()).toEqual({ message: MESSAGES.badAddress, code: 'BAD_REQUEST' });
    const long = await t.app.inject({ method: 'POST', url: `/v1/watch/links/${'x'.repeat(101)}/sessions` });
    expect(long.statusCode).toBe(400);
    expect(long.json()).toEqual({ message: MESSAGES.addressPartTooLong, code: 'BAD_REQUEST' });
  });

  it('a broken multipart body', async () => {
    const noBoundary = await t.app.inject({
      method: 'POST',
      url: '/v1/videos/updateImage',
      headers: { ...me.headers, 'content-type': 'multipart/form-data' },
      payload: 'whatever',
    });
    expect(noBoundary.statusCode).toBe(400);
    expect(noBoundary.json().message).toBe(MESSAGES.badMultipart);
    const truncated = await t.app.inject({
      method: 'POST',
      url: '/v1/videos/updateImage',
      headers: { ...me.headers, 'content-type': 'multipart/form-data; boundary=XYZ' },
      payload: '--XYZ\r\nContent-Disposition: form-data; name="kind"\r\n\r\nlogo\r\n--XYZ\r\nContent-Disp',
    });
    expect(truncated.statusCode).toBe(400);
    expect(truncated.json().message).toBe(MESSAGES.badMultipart);
  });

  it('a __proto__ key, and two images at once, each refused in its own words', async () => {
    const video = await createFilm(t, me.id);
    const poisoned = await t.app.inject({
      method: 'PATCH',
      url: `/v1/videos/${video.id}`,
      headers: { ...me.headers, 'content-type': 'application/json' },
      payload: '{"title":"x","__proto__":{"admin":true}}',
    });
    expect(poisoned.statusCode).toBe(400);
    expect(poisoned.json().message).toBe(MESSAGES.prototypeKey);
    const broken = await t.app.inject({
      method: 'PATCH',
      url: `/v1/videos/${video.id}`,
      headers: { ...me.headers, 'content-type': 'application/json' },
      payload: '{"title":',
    });
    expect(broken.json().message).toBe('The request body is not valid JSON.');
    const plain = await t.app.inject({
      method: 'PATCH',
      url: `/v1/videos/${video.id}`,
      headers: { ...me.headers, 'content-type': 'text/plain' },
      payload: '{"title":"x"}',
    });
    expect(plain.statusCode).toBe(415);
    expect(plain.json().message).toBe('This content type is not accepted here. Send JSON.');
    const formForImage = await t.app.inject({
      method: 'POST',
      url: '/v1/videos/updateImage',
      headers: { ...me.headers, 'content-type': 'application/x-www-form-urlencoded' },
      payload: `videoId=${video.id}`,
    });
    expect(formForImage.statusCode).toBe(415);
    expect(formForImage.json().message).toBe('This request must be sent as multipart/form-data.');

    const part = (name: string, file?: string) =>
      `--XYZ\r\nContent-Disposition: form-data; name="${name}"${file ? `; filename="${file}"\r\nContent-Type: image/png` : ''}\r\n\r\n${file ? 'PNG' : name === 'kind' ? 'logo' : video.id}\r\n`;
    const twoFiles = await t.app.inject({
      method: 'POST',
      url: '/v1/videos/updateImage',
      headers: { ...me.headers, 'content-type': 'multipart/form-data; boundary=XYZ' },
      payload: `${part('videoId')}${part('kind')}${part('file', 'a.png')}${part('file', 'b.png')}--XYZ--\r\n`,
    });
    expect(twoFiles.statusCode).toBe(400);
    expect(twoFiles.json().message).toBe('Send one file at a time.');
  });

  it('a date the database cannot store (year 0000, or year 10000 once in UTC)', async () => {
    const video = await createFilm(t, me.id);
    const outOfRange = ['9999-12-31T23:59:59.999-12:00', '0000-01-01T00:00:00+01:00', '1899-12-31T23:59:59Z'];
    const link = (await json('POST', '/v1/screeners', { video_id: video.id })).json().screener;
    expect((await json('POST', `/v1/videos/${video.id}/createMagicLink`, {})).statusCode).toBe(200);
    for (const date of outOfRange) {
      const answers = [
        ['ends_at', await json('POST', '/v1/screeners', { video_id: video.id, ends_at: date })],
        ['ends_at', await json('PATCH', `/v1/screeners/${link.id}`, { ends_at: date })],
        ['ends_at', await json('POST', `/v1/videos/${video.id}/updateMagicLink`, { ends_at: date })],
        ['from', await json('GET', `/v1/logs?from=${encodeURIComponent(date)}`)],
      ] as const;
      for (const [field, answer] of answers) {
        expect(answer.statusCode, `${date}: ${answer.body}`).toBe(400);
        // Refused by validation, naming the field, with this one message (not also "later than now").
        expect(answer.json().errors, date).toEqual([{ field, message: MESSAGES.dateOutOfRange }]);
      }
    }
    // The last instant PostgreSQL and the check both take.
    const latest = await json('POST', '/v1/screeners', {
      video_id: video.id,
      ends_at: '9999-12-31T23:59:59Z',
    });
    expect(latest.statusCode, latest.body).toBe(201);
    expect(latest.json().screener.ends_at).toBe('9999-12-31T23:59:59.000Z');
  });

  it('a page number that is not a number', async () => {
    for (const page of [true, [1], 'two']) {
      const answer = await json('POST', '/v1/videos/listUploadedVideos', { page });
      expect(answer.statusCode, JSON.stringify(page)).toBe(400);
      expect(answer.json().message).toBe(`page: ${MESSAGES.numeric}`);
    }
  });

  it('an anonymous link update with nothing in it', async () => {
    const video = await createFilm(t, me.id);
    expect((await json('POST', `/v1/videos/${video.id}/createMagicLink`, {})).statusCode).toBe(200);
    const empty = await json('POST', `/v1/videos/${video.id}/updateMagicLink`, {});
    expect(empty.statusCode).toBe(400);
    expect(empty.json().message).toBe('Nothing to update');
  });

  it('messages for missing and malformed values use the spec words, not zod internals', async () => {
    const heartbeat = await t.app.inject({
      method: 'POST',
      url: '/v1/watch/sessions/6f1c1c1e-0000-4000-8000-000000000000/heartbeat',
      payload: {},
    });
    expect(heartbeat.json().message).toBe(`secret: ${MESSAGES.required}`);
    // A value of the wrong type is told so once: not also measured as a list ("At least 20 items").
    for (const secret of [['a'], Array.from({ length: 300 }, () => 1)]) {
      const listed = await t.app.inject({
        method: 'POST',
        url: '/v1/watch/sessions/6f1c1c1e-0000-4000-8000-000000000000/heartbeat',
        payload: { secret },
      });
      expect(listed.json().errors).toEqual([{ field: 'secret', message: MESSAGES.wrongType.string }]);
    }
    const page = await json('POST', '/v1/videos/listUploadedVideos', { page: {} });
    expect(page.statusCode).toBe(400);
    expect(page.json().message).not.toMatch(/NaN|undefined|expected/);
  });
});

describe('refusals made before any route are in the API document', () => {
  type Doc = { paths: Record<string, Record<string, { responses: Record<string, unknown> }>> };
  const documented = (path: string, method: string) =>
    Object.keys((t.app.swagger() as unknown as Doc).paths[path]![method]!.responses);

  it('a body over the size limit: 413 in words, listed on every operation that takes a body', async () => {
    const huge = await json('POST', '/v1/screeners', { video_id: 'x'.repeat(2 * 1024 * 1024) });
    expect(huge.statusCode).toBe(413);
    expect(huge.json().message).toBe('The request is too large.');
    const viewer = await t.app.inject({
      method: 'POST',
      url: '/v1/watch/sessions/6f1c1c1e-0000-4000-8000-000000000000/heartbeat',
      payload: { secret: 'x'.repeat(2 * 1024 * 1024) },
    });
    expect(viewer.statusCode).toBe(413);
    expect(documented('/v1/screeners', 'post')).toContain('413');
    expect(documented('/v1/watch/sessions/{sessionId}/heartbeat', 'post')).toContain('413');
    expect(documented('/v1/health', 'get')).not.toContain('413');
  });

  it('a NUL in the address, or a broken JSON body, on an operation that takes no input', async () => {
    for (const url of ['/v1/health?a=%00', '/v1/app-config?a=%00', '/v1/auth/getAuthPresenter?a=%00']) {
      const res = await json('GET', url);
      expect(res.statusCode, url).toBe(400);
      expect(res.json().message).toBe(MESSAGES.nulCharacter);
    }
    const logout = await t.app.inject({
      method: 'POST',
      url: '/v1/auth/logout',
      headers: { ...me.headers, 'content-type': 'application/json' },
      payload: '{"a":',
    });
    expect(logout.statusCode).toBe(400);
    expect(logout.json().message).toBe('The request body is not valid JSON.');
    expect(documented('/v1/health', 'get')).toContain('400');
    expect(documented('/v1/auth/logout', 'post')).toContain('400');
  });
});

describe('search', () => {
  it('takes % and _ literally, in the library and in the audience', async () => {
    const presenter = await t.signUp();
    const video = await createFilm(t, presenter.id, 'Night Train');
    await t.app.inject({
      method: 'POST',
      url: '/v1/screeners',
      headers: presenter.headers,
      payload: { video_id: video.id, viewer_name: 'Ines', viewer_email: 'ines@festival.test' },
    });
    const count = async (url: string) => {
      const res = await t.app.inject({ method: 'GET', url, headers: presenter.headers });
      expect(res.statusCode, res.body).toBe(200);
      const body = res.json();
      return (body.totalResults ?? body.results.length) as number;
    };
    expect(await count('/v1/videos?search=Night')).toBe(1);
    expect(await count('/v1/videos?search=%25')).toBe(0);
    expect(await count('/v1/videos?search=_')).toBe(0);
    expect(await count(`/v1/videos/${video.id}/audience?search=ines`)).toBe(1);
    expect(await count(`/v1/videos/${video.id}/audience?search=%25`)).toBe(0);
  });
});

describe('a viewer cannot break the figures of their session', () => {
  it('a film time too small for PostgreSQL (1e-320) is kept to the millisecond', async () => {
    const { video } = await createPlayableFilm(t, me.id);
    const created = await json('POST', '/v1/screeners', { video_id: video.id });
    const link = created.json().screener;
    const token = (link.access_url as string).split('/watch/')[1];
    const opened = (await t.app.inject({ method: 'POST', url: `/v1/watch/links/${token}/sessions` })).json();
    const at = Date.now();
    const send = (events: object[]) =>
      t.app.inject({
        method: 'POST',
        url: `/v1/watch/sessions/${opened.sessionId}/events`,
        headers: { authorization: `Bearer ${opened.playbackToken}` },
        payload: { events },
      });
    const replayed = async () => {
      const replay = await json('GET', `/v1/screeners/${link.id}/analytics/${opened.sessionId}`);
      expect(replay.statusCode, replay.body).toBe(200);
      return replay.json().events as { position: number }[];
    };
    expect((await send([{ seq: 5, type: 'play', at, position: 0 }])).statusCode).toBe(200);
    // Below the session's highest seq: stored, then read back through the real-typed view.
    expect((await send([{ seq: 1, type: 'seek', at, position: 1e-320 }])).json()).toEqual({
      accepted: 1,
      duplicates: 0,
    });
    expect(await replayed()).toHaveLength(2);
    // The highest seq: written into the session's last position (a real).
    const last = [{ seq: 6, type: 'progress', at: at + 1, position: 1e-320, data: { from: 0 } }];
    expect((await send(last)).json()).toEqual({ accepted: 1, duplicates: 0 });
    const events = await replayed();
    expect(events).toHaveLength(3);
    expect(events.every((e) => e.position === 0)).toBe(true);
    // Film times sent as text are not film times: stored as sent, never counted as watched.
    const watchedBefore = await watchedSeconds();
    const textSeek = [
      { seq: 7, type: 'seek', at: at + 2, position: 5, data: { from: '1e-320', at: '2e-320' } },
    ];
    expect((await send(textSeek)).json()).toEqual({ accepted: 1, duplicates: 0 });
    expect(await watchedSeconds()).toBe(watchedBefore);
    expect(await replayed()).toHaveLength(4);
    const textProgress = [{ seq: 8, type: 'progress', at: at + 3, position: 9, data: { from: '5' } }];
    expect((await send(textProgress)).json()).toEqual({ accepted: 1, duplicates: 0 });
    expect(await replayed()).toHaveLength(5);
    expect(await watchedSeconds()).toBe(watchedBefore);

    async function watchedSeconds() {
      await t.container.events.settled();
      const [session] = await t.db.select().from(watchSessions).where(eq(watchSessions.id, opened.sessionId));
      return session!.watchedSeconds;
    }
  });
});
