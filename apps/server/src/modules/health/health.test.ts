import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../test/helpers';
import { NOT_STORED } from '../streams/cache-policy';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

describe('the API around the routes', () => {
  it('GET /v1/health answers when the database does', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/v1/health' });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ status: 'ok', database: 'up', eventBacklog: 0 });
    expect(res.headers['x-request-id']).toEqual(expect.any(String));
    expect(res.headers['x-content-type-options']).toBe('nosniff');
    expect(res.headers['content-security-policy']).toContain("frame-src 'self' https://player.vimeo.com");
    expect(res.headers['x-frame-options']).toBe('SAMEORIGIN');
    expect(res.headers['strict-transport-security']).toMatch(/max-age=/);
    // The tus routes answer on the raw response; the headers must be there too.
    const tus = await t.app.inject({ method: 'OPTIONS', url: '/v1/uploads' });
    expect(tus.headers['x-content-type-options']).toBe('nosniff');
    expect(tus.headers['content-security-policy']).toBe(res.headers['content-security-policy']);
  });

  it('lets no other site call the API from a browser: no CORS answer, the tus routes included', async () => {
    const elsewhere = { origin: 'https://elsewhere.example' };
    const preflight = { ...elsewhere, 'access-control-request-method': 'POST' };
    const me = await t.signUp();
    const answers = [
      await t.app.inject({ method: 'GET', url: '/v1/health', headers: elsewhere }),
      await t.app.inject({ method: 'OPTIONS', url: '/v1/uploads', headers: preflight }),
      await t.app.inject({ method: 'OPTIONS', url: '/v1/uploads/0123456789abcdef', headers: preflight }),
      await t.app.inject({
        method: 'POST',
        url: '/v1/uploads',
        headers: { ...elsewhere, ...me.headers, 'tus-resumable': '1.0.0', 'upload-length': '10' },
      }),
    ];
    for (const answer of answers)
      expect(answer.headers['access-control-allow-origin'], answer.body).toBeUndefined();
  });

  it('lets no browser or proxy keep an API answer: they carry access tokens and viewers’ links', async () => {
    const me = await t.signUp();
    const film = await t.container.videosRepository.create({
      presenterId: me.id,
      type: 'upload',
      title: 'Night Train',
      description: 'A film',
      status: 'encryption-completed',
    });
    const link = (
      await t.app.inject({
        method: 'POST',
        url: '/v1/screeners',
        headers: me.headers,
        payload: { video_id: film.id },
      })
    ).json().screener;
    for (const url of [
      '/v1/auth/getAuthPresenter',
      `/v1/screeners/${link.id}/getAccessUrl`,
      `/v1/videos/${film.id}/screeners`,
      '/v1/nothing-here',
    ]) {
      const answer = await t.app.inject({ method: 'GET', url, headers: me.headers });
      expect(answer.headers['cache-control'], url).toBe(NOT_STORED);
    }
  });

  it('answers unknown API paths with a JSON 404', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/v1/nothing-here' });
    expect(res.statusCode).toBe(404);
    expect(res.json().message).toBe('No API route matches GET /v1/nothing-here');
  });

  it('serves the OpenAPI document generated from the route schemas', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/docs/json' });
    expect(res.statusCode).toBe(200);
    const doc = res.json();
    expect(doc.openapi).toBe('3.1.0');
    for (const path of [
      '/v1/auth/register',
      '/v1/auth/login',
      '/v1/auth/verify-otp',
      '/v1/auth/logout',
      '/v1/auth/getAuthPresenter',
      '/v1/presenters/{id}',
      '/v1/presenters/updateOnBoardingState',
      '/v1/presenters',
      '/v1/presenters/generateLoginLink',
      '/v1/presenters/verifyLoginCode',
      '/v1/health',
    ]) {
      expect(Object.keys(doc.paths)).toContain(path);
    }
    const register = doc.paths['/v1/auth/register'].post.requestBody.content['application/json'].schema;
    const resolved = register.$ref ? doc.components.schemas[register.$ref.split('/').pop()] : register;
    expect(resolved.required).toEqual(expect.arrayContaining(['name', 'email', 'ownsVideoRights']));
    // A viewer's refusal that names the film carries its page's look: theme and logo.
    const film = doc.components.schemas.ApiError.properties.film;
    expect(film.required).toEqual(expect.arrayContaining(['title', 'presented_by', 'theme', 'logo']));
    const ui = await t.app.inject({ method: 'GET', url: '/api/docs/' });
    expect(ui.statusCode).toBe(200);
    expect(ui.body).toContain('swagger');
  });
});
