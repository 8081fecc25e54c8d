import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createPlayableFilm, openSessionOnFilm } from '../../test/fixtures';
import { ADMIN_EMAIL, createTestApp, type TestApp } from '../../test/helpers';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => {
  if (t) expect(t.undocumentedAnswers(), 'answers the API document does not list').toEqual([]);
  await t?.close();
});

/** Route parameters that name something a presenter owns. */
const OWNED_PARAM = /:(id|videoId|sessionId|subtitleId|marketId)\b/;
/** Routes guarded otherwise: a viewer's token, a market's code, an administrator, tus's own checks. */
const NOT_BY_OWNER = [
  /^\/v1\/watch\//,
  /^\/v1\/markets/,
  /^\/v1\/admin\//,
  /^\/v1\/uploads/,
  /^\/v1\/videos\/:id\/(hls|keys)\//,
];

const boundary = '----screenroomownerscoping';
/** A subtitle track as the form sends it: a valid one, so only ownership can refuse it. */
const subtitleForm = {
  headers: { 'content-type': `multipart/form-data; boundary=${boundary}` },
  payload: [
    `--${boundary}\r\nContent-Disposition: form-data; name="language"\r\n\r\nfr\r\n`,
    `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="taken.srt"\r\nContent-Type: application/octet-stream\r\n\r\n`,
    '1\n00:00:01,000 --> 00:00:02,000\nTaken.\n\r\n',
    `--${boundary}--\r\n`,
  ].join(''),
};

const mail = { from: 'Someone', subject: 'A film', content: 'Watch it: {{access_link}}' };

/** A body each route takes, so that only the owner check can refuse the call. */
const BODIES: Record<string, object | undefined> = {
  'PATCH /v1/videos/:id': { title: 'Taken' },
  'POST /v1/videos/:id/retry': undefined,
  'PATCH /v1/presenters/:id': { name: 'Taken' },
  'PATCH /v1/presenters/:id/vimeo/revokeAccess': undefined,
  'PATCH /v1/screeners/:id': { viewer_name: 'Taken' },
  'POST /v1/screeners/:id/updateStatus': { status: 'revoked' },
  'POST /v1/screeners/:videoId/getPreviewAccessUrl': undefined,
  'POST /v1/screeners/:id/shareWithEmail': mail,
  'POST /v1/screeners/:id/resendInvitation': undefined,
  'POST /v1/videos/:id/fetchMagicLink': undefined,
  'POST /v1/videos/:id/createMagicLink': { usage_limit: 5 },
  'POST /v1/videos/:id/updateMagicLink': { usage_limit: 5 },
  'POST /v1/videos/:id/validateMagicLink': undefined,
  'POST /v1/screeners/:id/analytics': { page: 1 },
};

describe('every presenter route, given another presenter’s ids', () => {
  it('answers 404 and changes nothing', async () => {
    const owner = await t.signUp();
    const other = await t.signUp();
    const { video, keys } = await createPlayableFilm(t, owner.id);
    const { sessionId } = await openSessionOnFilm(t, owner.headers, video.id);
    const call = (who: typeof owner, method: string, url: string, payload?: object | string) =>
      t.app.inject({ method: method as 'GET', url, headers: who.headers, payload });
    const link = (await call(owner, 'GET', `/v1/videos/${video.id}/screeners`)).json().results[0];
    await call(owner, 'POST', `/v1/screeners/${link.id}/shareWithEmail`, mail);
    await call(owner, 'POST', `/v1/videos/${video.id}/createMagicLink`, {});
    const subtitle = await t.app.inject({
      method: 'POST',
      url: `/v1/videos/${video.id}/subtitles`,
      headers: { ...owner.headers, ...subtitleForm.headers },
      payload: subtitleForm.payload,
    });
    expect(subtitle.statusCode, subtitle.body).toBe(201);
    const admin = await t.signUp(ADMIN_EMAIL);
    const market = await call(admin, 'POST', '/v1/markets', { name: 'Owners Market', code: 'OWNERS1' });
    expect(market.statusCode, market.body).toBe(201);
    const pushed = await call(owner, 'POST', '/v1/videos/pushVideoToMarket', {
      videoId: video.id,
      code: 'OWNERS1',
    });
    expect(pushed.statusCode, pushed.body).toBe(200);

    const idOf = (url: string, name: string) =>
      ({
        id: url.startsWith('/v1/screeners/')
          ? link.id
          : url.startsWith('/v1/presenters/')
            ? owner.id
            : video.id,
        videoId: video.id,
        sessionId,
        subtitleId: subtitle.json().id,
        marketId: market.json().market?.id ?? market.json().id,
      })[name] ?? keys[0]!.keyId;

    const routes = t.routes.filter(
      (r) =>
        OWNED_PARAM.test(r.url) &&
        !['HEAD', 'OPTIONS'].includes(r.method) &&
        !NOT_BY_OWNER.some((pattern) => pattern.test(r.url)),
    );
    expect(routes.length).toBeGreaterThan(30);
    for (const { method, url } of routes) {
      const key = `${method} ${url}`;
      const path = url.replace(/:(\w+)/g, (_m, name: string) => idOf(url, name));
      if (key === 'POST /v1/videos/:id/subtitles') {
        const res = await t.app.inject({
          method: 'POST',
          url: path,
          headers: { ...other.headers, ...subtitleForm.headers },
          payload: subtitleForm.payload,
        });
        expect(res.statusCode, key).toBe(404);
        continue;
      }
      if (method !== 'GET' && method !== 'DELETE' && !(key in BODIES))
        throw new Error(`${key} is new: give it a valid body in BODIES`);
      const res = await call(other, method, path, BODIES[key]);
      expect(res.statusCode, `${key}: ${res.body.slice(0, 200)}`).toBe(404);
    }

    // Routes that name the film in their body.
    for (const [url, payload] of [
      ['/v1/screeners', { video_id: video.id }],
      ['/v1/screeners/invite', { video_id: video.id, recipients: 'sam@buyer.com', ...mail }],
      ['/v1/videos/getHlsUrl', { videoId: video.id }],
      ['/v1/videos/pushVideoToMarket', { videoId: video.id, code: 'OWNERS1' }],
    ] as const) {
      const res = await call(other, 'POST', url, payload);
      expect(res.statusCode, `POST ${url}: ${res.body.slice(0, 200)}`).toBe(404);
    }

    // Nothing of the owner's changed.
    const film = (await call(owner, 'GET', `/v1/videos/${video.id}`)).json().video;
    expect(film.title).toBe(video.title);
    const still = (await call(owner, 'GET', `/v1/screeners/${link.id}`)).json().screener;
    expect(still).toMatchObject({ status: 'active' });
    const tracks = (await call(owner, 'GET', `/v1/videos/${video.id}/subtitles`)).json().subtitles;
    expect(tracks).toHaveLength(1);
  });
});
