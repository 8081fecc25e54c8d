import { afterEach, describe, expect, it, vi } from 'vitest';
import { ApiError, api } from './api-client';
import { getToken, setToken } from './auth-token';

afterEach(() => {
  vi.unstubAllGlobals();
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

  it('explains an unreachable server', async () => {
    vi.stubGlobal(
      'fetch',
      vi.fn(async () => Promise.reject(new TypeError('Failed to fetch'))),
    );
    await expect(api.get('/health')).rejects.toThrow('The server cannot be reached');
  });
});
