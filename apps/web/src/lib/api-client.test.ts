import { afterEach, describe, expect, it, vi } from 'vitest';
import { getSessionReplay } from '../features/analytics/api/get-session-replay';
import { getVideo } from '../features/videos/api/get-video';
import { ApiError, api, apiPath } from './api-client';
import { getToken, setToken } from './auth-token';

afterEach(() => {
  setToken(null);
});

const respond = (status: number, body: unknown) =>
  vi.fn(
    async () =>
      new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } }),
  );

describe('the API client', () => {
  it('sends the bearer token and JSON body to /v1', async () => {
    const fetchMock = respond(200, { ok: true });
    vi.stubGlobal('fetch', fetchMock);
    setToken('tok-123');
    await api.post('/auth/logout', { a: 1 });
    const [url, init] = fetchMock.mock.calls[0] as unknown as [string, RequestInit];
    expect(url).toBe('/v1/auth/logout');
    expect((init.headers as Record<string, string>).authorization).toBe('Bearer tok-123');
    expect(init.body).toBe('{"a":1}');
  });

  it('acts on a sign-in the caller names, not the stored one, and keeps the stored one', async () => {
    const fetchMock = respond(401, { message: 'Your session has ended. Please sign in again.' });
    vi.stubGlobal('fetch', fetchMock);
    setToken('mine');
    await api
      .post('/auth/logout', undefined, { headers: { authorization: 'Bearer theirs' } })
      .catch(() => {});
    const [, init] = fetchMock.mock.calls[0] as unknown as [string, RequestInit];
    expect((init.headers as Record<string, string>).authorization).toBe('Bearer theirs');
    expect(getToken()).toBe('mine');
  });

  it('raises the server message and field errors', async () => {
    vi.stubGlobal(
      'fetch',
      respond(400, {
        message: 'email: invalid email',
        errors: [{ field: 'email', message: 'invalid email' }],
      }),
    );
    const error = (await api.post('/auth/login', { email: 'x' }).catch((e) => e)) as ApiError;
    expect(error).toBeInstanceOf(ApiError);
    expect(error.message).toBe('email: invalid email');
    expect(error.errors).toEqual([{ field: 'email', message: 'invalid email' }]);
  });

  it('forgets a token the server refuses', async () => {
    vi.stubGlobal('fetch', respond(401, { message: 'Your session has ended. Please sign in again.' }));
    setToken('stale');
    await expect(api.get('/auth/getAuthPresenter')).rejects.toThrow('Your session has ended');
    expect(getToken()).toBeNull();
  });

  it('sends a form as multipart, leaving its type (and boundary) to the browser', async () => {
    const fetchMock = respond(201, { id: 'x' });
    vi.stubGlobal('fetch', fetchMock);
    const form = new FormData();
    form.append('language', 'fr');
    await api.post('/videos/v/subtitles', form);
    const [, init] = fetchMock.mock.calls[0] as unknown as [string, RequestInit];
    expect(init.body).toBe(form);
    expect((init.headers as Record<string, string>)['content-type']).toBeUndefined();
  });

  it('reads a text answer as it is, and a refusal of one as any other', async () => {
    vi.stubGlobal(
      'fetch',
      vi.fn(async () => new Response('WEBVTT\n\n00:01.000 --> 00:02.000\nHi\n', { status: 200 })),
    );
    expect(await api.getText('/videos/v/subtitles/s')).toBe('WEBVTT\n\n00:01.000 --> 00:02.000\nHi\n');
    vi.stubGlobal('fetch', respond(404, { message: 'These subtitles do not exist.' }));
    await expect(api.getText('/videos/v/subtitles/s')).rejects.toThrow('These subtitles do not exist.');
  });

  it('explains an unreachable server', async () => {
    vi.stubGlobal(
      'fetch',
      vi.fn(async () => Promise.reject(new TypeError('Failed to fetch'))),
    );
    await expect(api.get('/health')).rejects.toThrow('The server cannot be reached');
  });

  it('keeps an id from the address bar to one path segment: a crafted address reaches no other route', async () => {
    const fetchMock = respond(404, { message: 'This screener does not exist.' });
    vi.stubGlobal('fetch', fetchMock);
    const film = '249ea28e-34cd-40e6-9b43-47821438dd25';
    // /screeners/<film>%2FdisableLink/overview: the router hands the page `<film>/disableLink`.
    await getVideo(`${film}/disableLink`).catch(() => {});
    // /analytics/x/tracking-links/x?sid=../../../videos/<film>/disableLink
    await getSessionReplay('x', `../../../videos/${film}/disableLink`).catch(() => {});
    const calls = fetchMock.mock.calls as unknown as [string, RequestInit][];
    const paths = calls.map(([url]) => new URL(url, 'https://app.test').pathname);
    expect(paths).toEqual([
      `/v1/videos/${film}%2FdisableLink`,
      `/v1/screeners/x/analytics/..%2F..%2F..%2Fvideos%2F${film}%2FdisableLink`,
    ]);
  });

  it('refuses a dot segment, which an address resolves even escaped', () => {
    for (const dots of ['..', '.', '%2e%2E', '%2E']) {
      expect(() => apiPath`/screeners/${dots}/analytics`).toThrow(ApiError);
    }
    expect(apiPath`/markets/public/${'FEST 26'}/requestAccess`).toBe(
      '/markets/public/FEST%2026/requestAccess',
    );
  });
});
