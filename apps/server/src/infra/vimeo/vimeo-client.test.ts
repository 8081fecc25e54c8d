import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { MESSAGES } from '@screenroom/shared/messages';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startVimeoFake, type VimeoFake } from '../../../test/fakes/vimeo-fake';
import { freePort } from '../../../test/free-port';
import { VIMEO_ACCEPT, VimeoClient, VimeoError } from './vimeo-client';

let fake: VimeoFake;
let client: VimeoClient;
beforeAll(async () => {
  fake = await startVimeoFake();
  client = new VimeoClient({ apiUrl: `${fake.url}/`, oauth: fake.client });
});
afterAll(() => fake.close());

const lastRequest = () => fake.requests.at(-1)!;

async function failure(promise: Promise<unknown>) {
  const error = await promise.then(
    () => undefined,
    (e: unknown) => e,
  );
  expect(error).toBeInstanceOf(VimeoError);
  return error as VimeoError;
}

describe('the Vimeo client', () => {
  it('sends the API version and the bearer token, and reads the account', async () => {
    const token = fake.issueToken();
    const me = await client.me(token);
    expect(me).toMatchObject({ uri: '/users/1010', name: 'Mara Lindqvist', account: 'pro' });
    expect(lastRequest().headers.accept).toBe(VIMEO_ACCEPT);
    expect(lastRequest().headers.authorization).toBe(`bearer ${token}`);
  });

  it('asks for a page of videos with the query, sort and fields', async () => {
    const token = fake.issueToken();
    const page = await client.listMyVideos(token, {
      page: 2,
      perPage: 4,
      sort: 'date',
      direction: 'desc',
      fields: ['uri', 'name', 'privacy.view'],
    });
    expect(lastRequest()).toMatchObject({
      path: '/me/videos',
      query: { page: '2', per_page: '4', sort: 'date', direction: 'desc', fields: 'uri,name,privacy.view' },
    });
    expect(page).toMatchObject({ total: 13, page: 2, per_page: 4 });
    expect(page.paging).toMatchObject({
      next: expect.stringContaining('page=3'),
      previous: expect.any(String),
    });
    expect(page.data).toHaveLength(4);
    // Only the asked fields came back.
    expect(Object.keys(page.data[0]!).sort()).toEqual(['name', 'privacy', 'uri']);

    const found = await client.listMyVideos(token, { query: 'SALT', perPage: 10 });
    expect(found.data.map((v) => v.name).sort()).toEqual(['Salt and Ash', 'Saltwater Hymns']);
  });

  it("maps Vimeo's 401 to 'Your Vimeo account was not linked' (a 400, never our 401)", async () => {
    const error = await failure(client.me('not-a-real-token'));
    expect(error).toMatchObject({ kind: 'unauthorized', status: 400, message: MESSAGES.vimeoNotLinked });
    expect(error.upstreamMessage).toContain('valid authenticated access token');
  });

  it('maps 404, 429 and 5xx to clear messages', async () => {
    const token = fake.issueToken();
    expect(await failure(client.getVideo(token, '999999'))).toMatchObject({
      kind: 'not_found',
      status: 404,
      message: MESSAGES.vimeoVideoNotFound,
    });
    fake.failNext('GET', '/me', 429);
    expect(await failure(client.me(token))).toMatchObject({
      status: 429,
      message: MESSAGES.vimeoRateLimited,
    });
    fake.failNext('GET', '/me', 502);
    expect(await failure(client.me(token))).toMatchObject({
      status: 503,
      message: MESSAGES.vimeoUnavailable,
    });
    // A malformed id never reaches Vimeo.
    const before = fake.requests.length;
    expect((await failure(client.getVideo(token, '../me'))).status).toBe(404);
    expect(fake.requests.length).toBe(before);
  });

  it('answers 503 when Vimeo cannot be reached or is too slow', async () => {
    const closed = new VimeoClient({ apiUrl: `http://127.0.0.1:${await freePort()}` });
    expect(await failure(closed.me('x'))).toMatchObject({
      kind: 'unavailable',
      status: 503,
      message: MESSAGES.vimeoUnavailable,
    });

    const slow = http.createServer(() => {
      /* never answers */
    });
    await new Promise<void>((r) => slow.listen(0, '127.0.0.1', r));
    const slowClient = new VimeoClient({
      apiUrl: `http://127.0.0.1:${(slow.address() as AddressInfo).port}`,
      timeoutMs: 200,
    });
    const started = Date.now();
    const error = await failure(slowClient.me('x'));
    expect(error).toMatchObject({ status: 503, upstreamMessage: 'timed out' });
    expect(Date.now() - started).toBeLessThan(3000);
    slow.closeAllConnections();
    slow.close();
  });

  it('refuses an answer that is not what Vimeo sends', async () => {
    const odd = http.createServer((_req, res) => res.writeHead(200).end('{"hello":"world"}'));
    await new Promise<void>((r) => odd.listen(0, '127.0.0.1', r));
    const oddClient = new VimeoClient({ apiUrl: `http://127.0.0.1:${(odd.address() as AddressInfo).port}` });
    expect(await failure(oddClient.me('x'))).toMatchObject({ status: 503 });
    odd.close();
  });

  it('builds the OAuth approval URL and exchanges a code with HTTP basic client credentials', async () => {
    const url = new URL(
      client.authorizeUrl({
        redirectUri: 'http://app.test/dialog-vimeo-linking',
        state: 'st4te',
        scope: ['public', 'private', 'video_files'],
      }),
    );
    expect(`${url.origin}${url.pathname}`).toBe(`${fake.url}/oauth/authorize`);
    expect(Object.fromEntries(url.searchParams)).toEqual({
      response_type: 'code',
      client_id: fake.client.clientId,
      redirect_uri: 'http://app.test/dialog-vimeo-linking',
      state: 'st4te',
      scope: 'public private video_files',
    });
    const back = await fake.approve(url.toString());
    expect(back.searchParams.get('state')).toBe('st4te');
    const answer = await client.exchangeCode({
      code: back.searchParams.get('code')!,
      redirectUri: 'http://app.test/dialog-vimeo-linking',
    });
    const exchange = lastRequest();
    expect(exchange.headers.authorization).toBe(
      `basic ${Buffer.from(`${fake.client.clientId}:${fake.client.clientSecret}`).toString('base64')}`,
    );
    expect(JSON.parse(exchange.body)).toMatchObject({ grant_type: 'authorization_code' });
    expect(answer.access_token).toMatch(/^[0-9a-f]{32}$/);
    expect(fake.isTokenValid(answer.access_token)).toBe(true);

    // A code works once.
    const again = await failure(
      client.exchangeCode({
        code: back.searchParams.get('code')!,
        redirectUri: 'http://app.test/dialog-vimeo-linking',
      }),
    );
    expect(again).toMatchObject({ kind: 'rejected', status: 400 });
    expect(again.message).toContain('invalid_grant');

    const wrongSecret = new VimeoClient({
      apiUrl: fake.url,
      oauth: { clientId: fake.client.clientId, clientSecret: 'wrong' },
    });
    expect((await failure(wrongSecret.exchangeCode({ code: 'x', redirectUri: 'y' }))).kind).toBe(
      'unauthorized',
    );
  });

  it('revokes a token', async () => {
    const token = fake.issueToken();
    await client.revokeToken(token);
    expect(lastRequest()).toMatchObject({ method: 'DELETE', path: '/tokens' });
    expect(fake.isTokenValid(token)).toBe(false);
    expect((await failure(client.me(token))).kind).toBe('unauthorized');
  });

  it('says OAuth is not configured without client settings', () => {
    const plain = new VimeoClient({ apiUrl: fake.url });
    expect(plain.oauthEnabled).toBe(false);
    expect(() => plain.authorizeUrl({ redirectUri: 'x', state: 'y', scope: [] })).toThrow(
      MESSAGES.vimeoOAuthNotConfigured,
    );
  });
});
