import { MESSAGES } from '@screenroom/shared/messages';
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startVimeoFake, type VimeoFake } from '../../../test/fakes/vimeo-fake';
import { createTestApp, type TestApp } from '../../../test/helpers';
import { presenters } from '../../db/schema/presenters';
import { VimeoOAuthState } from './vimeo-oauth-state';

let fake: VimeoFake;
/** OAuth configured (client id and secret of the fake). */
let t: TestApp;
/** No VIMEO_CLIENT_ID/SECRET: only pasted tokens. */
let plain: TestApp;

beforeAll(async () => {
  fake = await startVimeoFake();
  [t, plain] = await Promise.all([
    createTestApp({
      VIMEO_API_URL: fake.url,
      VIMEO_CLIENT_ID: fake.client.clientId,
      VIMEO_CLIENT_SECRET: fake.client.clientSecret,
    }),
    createTestApp({ VIMEO_API_URL: fake.url }),
  ]);
});
afterAll(async () => {
  await Promise.all([t.close(), plain.close()]);
  await fake.close();
});

type Me = Awaited<ReturnType<TestApp['signUp']>>;

const call = (app: TestApp, me: Me | null, method: 'GET' | 'POST' | 'PATCH', url: string, payload?: object) =>
  app.app.inject({ method, url: `/v1${url}`, headers: me?.headers ?? {}, payload });

const link = (app: TestApp, me: Me, accessToken: string) =>
  call(app, me, 'POST', '/presenters/updateVimeoAccessToken', { accessToken });

const list = (app: TestApp, me: Me, body: object = {}) =>
  call(app, me, 'POST', '/videos/listVimeoVideos', body);

async function storedToken(app: TestApp, id: string) {
  const [row] = await app.db
    .select({ enc: presenters.vimeoAccessTokenEnc })
    .from(presenters)
    .where(eq(presenters.id, id));
  return row?.enc ?? null;
}

async function linkedPresenter(app: TestApp = t) {
  const me = await app.signUp();
  const token = fake.issueToken();
  const res = await link(app, me, token);
  expect(res.statusCode).toBe(200);
  return { me, token };
}

describe('POST /presenters/updateVimeoAccessToken with a pasted token', () => {
  it('checks the token with Vimeo, stores it sealed, and answers the account', async () => {
    const me = await t.signUp();
    const token = fake.issueToken();
    const res = await link(t, me, `  ${token} `);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({
      presenter: { id: me.id, vimeo_linked: true },
      vimeo: {
        uri: '/users/1010',
        name: 'Mara Lindqvist',
        link: 'https://vimeo.com/user1010',
        account_type: 'pro',
        pro_advised: false,
        picture: expect.stringMatching(/^data:image\/svg\+xml/),
      },
    });
    expect(res.body).not.toContain(token);
    const me_ = fake.requests.findLast((r) => r.path === '/me');
    expect(me_?.headers.authorization).toBe(`bearer ${token}`);

    const sealed = await storedToken(t, me.id);
    expect(sealed).toMatch(/^v1\./);
    expect(sealed).not.toContain(token);
    expect(t.container.secrets.openText(sealed!)).toBe(token);
  });

  it('refuses a token Vimeo does not accept, and links nothing', async () => {
    const me = await t.signUp();
    const res = await link(t, me, 'deadbeefdeadbeefdeadbeefdeadbeef');
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toBe('Your Vimeo account was not linked');
    expect(await storedToken(t, me.id)).toBeNull();
  });

  it('advises a Pro account to a Basic member', async () => {
    const me = await t.signUp();
    const res = await link(t, me, fake.issueToken('2020'));
    expect(res.json().vimeo).toMatchObject({
      name: 'Basil Ortega',
      account_type: 'basic',
      pro_advised: true,
    });
  });

  it('revokes the replaced token when a presenter relinks', async () => {
    const { me, token: first } = await linkedPresenter();
    const second = fake.issueToken();
    expect((await link(t, me, second)).statusCode).toBe(200);
    expect(fake.isTokenValid(first)).toBe(false);
    expect(fake.isTokenValid(second)).toBe(true);
    // Pasting the same token again keeps it alive.
    expect((await link(t, me, second)).statusCode).toBe(200);
    expect(fake.isTokenValid(second)).toBe(true);
  });

  it('leaves one live token when a presenter links several at once', async () => {
    const { me, token: first } = await linkedPresenter();
    const others = [fake.issueToken(), fake.issueToken(), fake.issueToken()];
    const answers = await Promise.all(others.map((token) => link(t, me, token)));
    expect(answers.map((a) => a.statusCode)).toEqual([200, 200, 200]);
    // Each revoked the token it replaced as stored: only the one kept is still valid at Vimeo.
    const live = [first, ...others].filter((token) => fake.isTokenValid(token));
    expect(live).toHaveLength(1);
    // And it is the one stored: the presenter's calls to Vimeo work.
    expect((await list(t, me)).statusCode).toBe(200);
  });

  it('validates the body with messages a person understands', async () => {
    const me = await t.signUp();
    const post = (payload: object) => call(t, me, 'POST', '/presenters/updateVimeoAccessToken', payload);
    const cases: Array<[object, string]> = [
      [{}, MESSAGES.vimeoTokenOrCode],
      [{ accessToken: '   ' }, 'accessToken: Field is required'],
      [{ accessToken: 'abc def' }, `accessToken: ${MESSAGES.vimeoTokenFormat}`],
      [{ accessToken: 'x'.repeat(513) }, 'accessToken: Length should not be greater then 512'],
      [{ accessToken: 'abc', code: 'c', state: 's' }, MESSAGES.vimeoTokenAndCode],
      [{ code: 'abc' }, 'state: Field is required'],
      [{ state: 'abc' }, 'code: Field is required'],
      [{ accessToken: 42 }, 'accessToken: It must be text'],
    ];
    for (const [payload, message] of cases) {
      const res = await post(payload);
      expect(res.statusCode, JSON.stringify(payload)).toBe(400);
      expect(res.json().message, JSON.stringify(payload)).toBe(message);
    }
    const notJson = await t.app.inject({
      method: 'POST',
      url: '/v1/presenters/updateVimeoAccessToken',
      headers: { ...me.headers, 'content-type': 'application/json' },
      payload: '{"accessToken":',
    });
    expect(notJson.statusCode).toBe(400);
    expect(notJson.json().message).toBe('The request body is not valid JSON.');
  });

  it('answers 503 with a clear message when Vimeo is down', async () => {
    const me = await t.signUp();
    fake.failNext('GET', '/me', 503);
    const res = await link(t, me, fake.issueToken());
    expect(res.statusCode).toBe(503);
    expect(res.json().message).toBe(MESSAGES.vimeoUnavailable);
    expect(await storedToken(t, me.id)).toBeNull();
  });
});

describe('the token never shows', () => {
  it('in any log row, nor in the presenter answers', async () => {
    const { me, token } = await linkedPresenter();
    await list(t, me);
    await call(t, me, 'PATCH', `/presenters/${me.id}/vimeo/revokeAccess`);
    const { rows } = await t.db.execute<{ row: string }>(sql`select logs::text as row from logs`);
    expect(rows.length).toBeGreaterThan(0);
    expect(rows.some((r) => r.row.includes('Mara Lindqvist'))).toBe(true);
    for (const r of rows) expect(r.row).not.toContain(token);

    const presenter = await call(t, me, 'GET', '/auth/getAuthPresenter');
    expect(presenter.body).not.toContain('vimeo_access_token');
  });
});

describe('POST /videos/listVimeoVideos', () => {
  it('answers one page of the presenter’s films, newest first, with what the picker shows', async () => {
    const { me } = await linkedPresenter();
    const res = await list(t, me, { page: 1, perPage: 5 });
    expect(res.statusCode).toBe(200);
    const body = res.json();
    expect(body).toMatchObject({ page: 1, limit: 5, totalPages: 3, totalResults: 13 });
    expect(body.results.map((v: { name: string }) => v.name)).toEqual([
      'Saltwater Hymns',
      'Paper Moons',
      'Ember',
      'Night Bus',
      'Glass Rivers',
    ]);
    expect(body.results[0]).toEqual({
      vimeo_id: '760013',
      name: 'Saltwater Hymns',
      description: 'Choirs of fishing villages.',
      duration: 2220,
      thumbnail: expect.stringMatching(/^data:image\/svg\+xml;base64,/),
      link: 'https://vimeo.com/760013',
      privacy: 'disable',
      importable: true,
    });
    // The 640-wide thumbnail is chosen.
    expect(Buffer.from(body.results[0].thumbnail.split(',')[1], 'base64').toString()).toContain(
      'width="640"',
    );
    // A film still processing on Vimeo cannot be imported yet.
    expect(body.results[2]).toMatchObject({
      name: 'Ember',
      importable: false,
      reason: MESSAGES.vimeoVideoNotReady,
    });
    // Only the presenter's own films: never another member's.
    const all = await list(t, me, { page: 1, perPage: 100 });
    expect(all.json().results).toHaveLength(13);
    expect(all.json().results.map((v: { vimeo_id: string }) => v.vimeo_id)).not.toContain('880001');
  });

  it('pages through every film exactly once', async () => {
    const { me } = await linkedPresenter();
    const seen: string[] = [];
    for (let page = 1; page <= 3; page++) {
      const res = await list(t, me, { page, perPage: 5 });
      seen.push(...res.json().results.map((v: { vimeo_id: string }) => v.vimeo_id));
    }
    expect(seen).toHaveLength(13);
    expect(new Set(seen).size).toBe(13);
    const beyond = await list(t, me, { page: 9, perPage: 5 });
    expect(beyond.json()).toMatchObject({ results: [], page: 9, totalResults: 13 });
    // Defaults: page 1, 12 per page.
    expect((await list(t, me)).json()).toMatchObject({ page: 1, limit: 12, totalPages: 2 });
  });

  it('searches by title and description', async () => {
    const { me } = await linkedPresenter();
    const salt = await list(t, me, { query: '  salt ' });
    expect(salt.json().results.map((v: { name: string }) => v.name)).toEqual([
      'Saltwater Hymns',
      'Salt and Ash',
    ]);
    expect(fake.requests.findLast((r) => r.path === '/me/videos')?.query.query).toBe('salt');
    const byDescription = await list(t, me, { query: 'lighthouse' });
    expect(byDescription.json()).toMatchObject({ totalResults: 1, results: [{ name: 'The Long Night' }] });
    const none = await list(t, me, { query: 'no such film' });
    expect(none.json()).toMatchObject({ results: [], totalResults: 0, totalPages: 1 });
  });

  it('marks password-protected and private films as not importable, with the advice', async () => {
    const { me } = await linkedPresenter();
    const res = await list(t, me, { perPage: 100 });
    const byName = Object.fromEntries(res.json().results.map((v: { name: string }) => [v.name, v]));
    expect(byName['Rough Cut v3']).toMatchObject({
      privacy: 'password',
      importable: false,
      reason: MESSAGES.passwordProtectedVideo,
    });
    expect(MESSAGES.passwordProtectedVideo).toMatch(/Hidden/);
    expect(byName['A Quiet Field']).toMatchObject({
      privacy: 'nobody',
      importable: false,
      reason: MESSAGES.vimeoVideoRestricted,
    });
    for (const name of ['The Long Night', 'Salt and Ash', 'Northern Lights (Trailer)']) {
      expect(byName[name]).toMatchObject({ importable: true });
      expect(byName[name]).not.toHaveProperty('reason');
    }
  });

  it("answers 'Your Vimeo account was not linked' before linking", async () => {
    const me = await t.signUp();
    const res = await list(t, me);
    expect(res.statusCode).toBe(409);
    expect(res.json().message).toBe('Your Vimeo account was not linked');
  });

  it('forgets a token revoked on Vimeo, and says the account is not linked', async () => {
    const { me, token } = await linkedPresenter();
    fake.revokeToken(token);
    const res = await list(t, me);
    expect(res.statusCode).toBe(409);
    expect(res.json().message).toBe('Your Vimeo account was not linked');
    expect(await storedToken(t, me.id)).toBeNull();
    const presenter = await call(t, me, 'GET', '/auth/getAuthPresenter');
    // Still signed in to Screenroom: a dead Vimeo token is never our 401.
    expect(presenter.statusCode).toBe(200);
    expect(presenter.json().presenter.vimeo_linked).toBe(false);
  });

  it('validates paging and search', async () => {
    const { me } = await linkedPresenter();
    const cases: Array<[object, string]> = [
      [{ page: 0 }, 'page: It must be in range of 1 to 10000.'],
      [{ page: 'two' }, 'page: It must be numeric'],
      [{ perPage: 101 }, 'perPage: It must be in range of 1 to 100.'],
      [{ perPage: 2.5 }, 'perPage: It must be numeric'],
      [{ query: 'x'.repeat(101) }, 'query: Length should not be greater then 100'],
    ];
    for (const [payload, message] of cases) {
      const res = await list(t, me, payload);
      expect(res.statusCode, JSON.stringify(payload)).toBe(400);
      expect(res.json().message).toBe(message);
    }
    // Numbers as text are fine (query strings, forms).
    expect((await list(t, me, { page: '2', perPage: '5' })).json()).toMatchObject({ page: 2, limit: 5 });
  });

  it('answers 503 when Vimeo fails', async () => {
    const { me } = await linkedPresenter();
    fake.failNext('GET', '/me/videos', 500);
    const res = await list(t, me);
    expect(res.statusCode).toBe(503);
    expect(res.json().message).toBe(MESSAGES.vimeoUnavailable);
    // A Vimeo outage does not unlink.
    expect(await storedToken(t, me.id)).not.toBeNull();
  });
});

describe('PATCH /presenters/{id}/vimeo/revokeAccess', () => {
  it('unlinks, and revokes the token at Vimeo', async () => {
    const { me, token } = await linkedPresenter();
    const res = await call(t, me, 'PATCH', `/presenters/${me.id}/vimeo/revokeAccess`);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ presenter: { id: me.id, vimeo_linked: false }, revokedAtVimeo: true });
    expect(await storedToken(t, me.id)).toBeNull();
    const revoke = fake.requests.findLast((r) => r.method === 'DELETE' && r.path === '/tokens');
    expect(revoke?.headers.authorization).toBe(`bearer ${token}`);
    expect(fake.isTokenValid(token)).toBe(false);
    // Listing now says so.
    expect((await list(t, me)).json().message).toBe('Your Vimeo account was not linked');
    // Again: nothing to revoke, still fine.
    const again = await call(t, me, 'PATCH', `/presenters/${me.id}/vimeo/revokeAccess`);
    expect(again.json()).toMatchObject({ presenter: { vimeo_linked: false }, revokedAtVimeo: false });
  });

  it('unlinks even when Vimeo cannot be told', async () => {
    const { me, token } = await linkedPresenter();
    fake.failNext('DELETE', '/tokens', 500);
    const res = await call(t, me, 'PATCH', `/presenters/${me.id}/vimeo/revokeAccess`);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ presenter: { vimeo_linked: false }, revokedAtVimeo: false });
    expect(await storedToken(t, me.id)).toBeNull();
    expect(fake.isTokenValid(token)).toBe(true);
  });

  it("answers 404 for another presenter's id and leaves their link alone", async () => {
    const { me: owner, token } = await linkedPresenter();
    const intruder = await t.signUp();
    const res = await call(t, intruder, 'PATCH', `/presenters/${owner.id}/vimeo/revokeAccess`);
    expect(res.statusCode).toBe(404);
    expect(await storedToken(t, owner.id)).not.toBeNull();
    expect(fake.isTokenValid(token)).toBe(true);
    const badId = await call(t, intruder, 'PATCH', '/presenters/not-a-uuid/vimeo/revokeAccess');
    expect(badId.statusCode).toBe(400);
    expect(badId.json().message).toBe('id: This id is not valid');
  });
});

describe('signed-out callers', () => {
  it('get 401 on every Vimeo call', async () => {
    const id = '00000000-0000-4000-8000-000000000000';
    const calls: Array<['GET' | 'POST' | 'PATCH', string, object?]> = [
      ['POST', '/presenters/updateVimeoAccessToken', { accessToken: 'abc' }],
      ['PATCH', `/presenters/${id}/vimeo/revokeAccess`],
      ['POST', '/videos/listVimeoVideos', {}],
      ['GET', '/vimeo/status'],
      ['GET', '/vimeo/oauth/authorizeUrl'],
    ];
    for (const [method, url, payload] of calls) {
      const res = await call(t, null, method, url, payload);
      expect(res.statusCode, url).toBe(401);
      expect(res.json().message).toBe(MESSAGES.signInRequired);
    }
  });
});

describe('GET /vimeo/status', () => {
  it('says whether an account is linked, which one, and whether OAuth is on', async () => {
    const me = await plain.signUp();
    expect((await call(plain, me, 'GET', '/vimeo/status')).json()).toEqual({
      linked: false,
      oauthEnabled: false,
      account: null,
      problem: null,
    });
    const token = fake.issueToken();
    await link(plain, me, token);
    expect((await call(plain, me, 'GET', '/vimeo/status')).json()).toMatchObject({
      linked: true,
      account: { name: 'Mara Lindqvist' },
      problem: null,
    });
    fake.failNext('GET', '/me', 500);
    expect((await call(plain, me, 'GET', '/vimeo/status')).json()).toMatchObject({
      linked: true,
      account: null,
      problem: MESSAGES.vimeoUnavailable,
    });
    fake.revokeToken(token);
    expect((await call(plain, me, 'GET', '/vimeo/status')).json()).toMatchObject({
      linked: false,
      problem: 'Your Vimeo account was not linked',
    });
  });
});

describe('Connect with Vimeo (OAuth)', () => {
  const authorizeUrl = async (app: TestApp, me: Me) => call(app, me, 'GET', '/vimeo/oauth/authorizeUrl');

  it('is refused with a clear message when the server has no Vimeo app settings', async () => {
    const me = await plain.signUp();
    const res = await authorizeUrl(plain, me);
    expect(res.statusCode).toBe(409);
    expect(res.json().message).toBe(MESSAGES.vimeoOAuthNotConfigured);
    const complete = await call(plain, me, 'POST', '/presenters/updateVimeoAccessToken', {
      code: 'abc',
      state: 'def',
    });
    expect(complete.statusCode).toBe(409);
    expect(complete.json().message).toBe(MESSAGES.vimeoOAuthNotConfigured);
  });

  it('links through the approval page and the code exchange', async () => {
    const me = await t.signUp();
    const start = await authorizeUrl(t, me);
    expect(start.statusCode).toBe(200);
    const { url, expiresAt } = start.json();
    const authorize = new URL(url);
    expect(`${authorize.origin}${authorize.pathname}`).toBe(`${fake.url}/oauth/authorize`);
    expect(authorize.searchParams.get('redirect_uri')).toBe('http://screenroom.test/dialog-vimeo-linking');
    expect(authorize.searchParams.get('scope')).toBe('public private video_files');
    expect(authorize.searchParams.get('client_id')).toBe(fake.client.clientId);
    const minutesLeft = (Date.parse(expiresAt) - Date.now()) / 60_000;
    expect(minutesLeft).toBeGreaterThan(9);
    expect(minutesLeft).toBeLessThanOrEqual(10);

    const back = await fake.approve(url);
    expect(`${back.origin}${back.pathname}`).toBe('http://screenroom.test/dialog-vimeo-linking');
    const code = back.searchParams.get('code')!;
    const state = back.searchParams.get('state')!;
    const res = await call(t, me, 'POST', '/presenters/updateVimeoAccessToken', { code, state });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({
      presenter: { vimeo_linked: true },
      vimeo: { name: 'Mara Lindqvist' },
    });
    const exchange = fake.requests.findLast((r) => r.path === '/oauth/access_token')!;
    expect(JSON.parse(exchange.body)).toEqual({
      grant_type: 'authorization_code',
      code,
      redirect_uri: 'http://screenroom.test/dialog-vimeo-linking',
    });
    const token = t.container.secrets.openText((await storedToken(t, me.id))!);
    expect(fake.isTokenValid(token)).toBe(true);
    const kept = await list(t, me, { page: 1, perPage: 5 });
    expect(kept.json().message ?? kept.statusCode).toBe(200);

    // The code was spent: using it again links nothing new.
    const reuse = await call(t, me, 'POST', '/presenters/updateVimeoAccessToken', { code, state });
    expect(reuse.statusCode).toBe(400);
    expect(reuse.json().message).toBe('Your Vimeo account was not linked');
  });

  it('refuses a tampered, foreign or expired state', async () => {
    const me = await t.signUp();
    const other = await t.signUp();
    const { url } = (await authorizeUrl(t, me)).json();
    const back = await fake.approve(url);
    const code = back.searchParams.get('code')!;
    const state = back.searchParams.get('state')!;
    const complete = (who: Me, s: string) =>
      call(t, who, 'POST', '/presenters/updateVimeoAccessToken', { code, state: s });

    const [head, payload, signature] = state.split('.');
    const forgedPayload = Buffer.from(
      JSON.stringify({ ...JSON.parse(Buffer.from(payload!, 'base64url').toString()), sub: other.id }),
    ).toString('base64url');
    const attempts = [
      `${head}.${payload}.${signature!.slice(0, -2)}xx`,
      `${head}.${forgedPayload}.${signature}`,
      'not-a-state',
    ];
    for (const s of attempts) {
      const res = await complete(me, s);
      expect(res.statusCode).toBe(400);
      expect(res.json().message).toBe(MESSAGES.vimeoOAuthStateInvalid);
    }
    // Another presenter cannot complete my linking with my state.
    const stolen = await complete(other, state);
    expect(stolen.statusCode).toBe(400);
    expect(stolen.json().message).toBe(MESSAGES.vimeoOAuthStateInvalid);
    // A state signed with another secret, or eleven minutes ago, is refused too.
    const foreign = await new VimeoOAuthState('x'.repeat(40)).sign(me.id);
    expect((await complete(me, foreign.state)).statusCode).toBe(400);
    const old = await new VimeoOAuthState(
      t.config.jwtSecret,
      10,
      () => new Date(Date.now() - 11 * 60_000),
    ).sign(me.id);
    expect((await complete(me, old.state)).json().message).toBe(MESSAGES.vimeoOAuthStateInvalid);
    // The refused attempts never reached Vimeo's token endpoint, and nothing was linked.
    expect(
      fake.requests.filter((r) => r.path === '/oauth/access_token' && r.body.includes(code)),
    ).toHaveLength(0);
    expect(await storedToken(t, me.id)).toBeNull();
    // Each refusal is a security log entry.
    const { rows } = await t.db.execute<{ n: number }>(
      sql`select count(*)::int as n from logs where type = 'security' and module = 'vimeo' and user_id = ${me.id}`,
    );
    expect(rows[0]!.n).toBeGreaterThanOrEqual(5);

    // The genuine state still works.
    expect((await complete(me, state)).statusCode).toBe(200);
  });

  it('explains when Vimeo refuses the server app credentials', async () => {
    const misconfigured = await createTestApp({
      VIMEO_API_URL: fake.url,
      VIMEO_CLIENT_ID: fake.client.clientId,
      VIMEO_CLIENT_SECRET: 'not-the-secret',
    });
    try {
      const me = await misconfigured.signUp();
      const { url } = (await authorizeUrl(misconfigured, me)).json();
      const back = await fake.approve(url);
      const res = await call(misconfigured, me, 'POST', '/presenters/updateVimeoAccessToken', {
        code: back.searchParams.get('code'),
        state: back.searchParams.get('state'),
      });
      expect(res.statusCode).toBe(503);
      expect(res.json().message).toBe(MESSAGES.vimeoAppRefused);
    } finally {
      await misconfigured.close();
    }
  });
});

describe('VimeoService.getImportableVideo', () => {
  const rowOf = async (app: TestApp, id: string) => (await app.container.presenters.findById(id))!;
  const failureOf = (promise: Promise<unknown>) =>
    promise.then(
      () => {
        throw new Error('expected a refusal');
      },
      (e: { status: number; message: string }) => ({ status: e.status, message: e.message }),
    );

  it("answers what the video creation flow needs from one of the presenter's films", async () => {
    const { me } = await linkedPresenter();
    const video = await t.container.vimeo.getImportableVideo(await rowOf(t, me.id), '760007');
    expect(video).toEqual({
      vimeoId: '760007',
      title: "The Cartographer's Daughter",
      description: 'Feature. Premiered at a festival in spring.',
      durationSeconds: 6480,
      thumbnailUrl: expect.stringMatching(/^data:image\/svg\+xml;base64,/),
      link: 'https://vimeo.com/760007',
      embedUrl: 'https://player.vimeo.com/video/760007',
      privacyHash: null,
      width: 3840,
      height: 1600,
    });
    const unlisted = await t.container.vimeo.getImportableVideo(await rowOf(t, me.id), '760002');
    expect(unlisted).toMatchObject({
      title: 'Salt and Ash',
      description: expect.any(String),
      durationSeconds: 1720,
      privacyHash: expect.stringMatching(/^[0-9a-f]{10}$/),
    });
    expect(unlisted.embedUrl).toBe(`https://player.vimeo.com/video/760002?h=${unlisted.privacyHash}`);
    const noDescription = await t.container.vimeo.getImportableVideo(await rowOf(t, me.id), '760003');
    expect(noDescription.description).toBe('');
  });

  it('refuses a password-protected film with the advice to set it Hidden', async () => {
    const { me } = await linkedPresenter();
    expect(await failureOf(t.container.vimeo.getImportableVideo(await rowOf(t, me.id), '760004'))).toEqual({
      status: 422,
      message: MESSAGES.passwordProtectedVideo,
    });
    expect(await failureOf(t.container.vimeo.getImportableVideo(await rowOf(t, me.id), '760006'))).toEqual({
      status: 422,
      message: MESSAGES.vimeoVideoRestricted,
    });
  });

  it('answers 404 for a missing film, another member’s film, or a malformed id', async () => {
    const { me } = await linkedPresenter();
    const row = await rowOf(t, me.id);
    for (const id of ['999999', '880001', '880002', 'abc', '../me']) {
      expect(await failureOf(t.container.vimeo.getImportableVideo(row, id)), id).toEqual({
        status: 404,
        message: MESSAGES.vimeoVideoNotFound,
      });
    }
  });

  it("answers 'Your Vimeo account was not linked' without a working token", async () => {
    const me = await t.signUp();
    expect(await failureOf(t.container.vimeo.getImportableVideo(await rowOf(t, me.id), '760001'))).toEqual({
      status: 409,
      message: 'Your Vimeo account was not linked',
    });
    const { me: revoked, token } = await linkedPresenter();
    fake.revokeToken(token);
    expect(
      (await failureOf(t.container.vimeo.getImportableVideo(await rowOf(t, revoked.id), '760001'))).message,
    ).toBe('Your Vimeo account was not linked');
  });
});

describe('the API document', () => {
  it('describes every Vimeo call', async () => {
    const doc = (await t.app.inject({ method: 'GET', url: '/api/docs/json' })).json();
    expect(Object.keys(doc.paths)).toEqual(
      expect.arrayContaining([
        '/v1/presenters/updateVimeoAccessToken',
        '/v1/presenters/{id}/vimeo/revokeAccess',
        '/v1/videos/listVimeoVideos',
        '/v1/vimeo/status',
        '/v1/vimeo/oauth/authorizeUrl',
      ]),
    );
    expect(doc.paths['/v1/videos/listVimeoVideos'].post.tags).toEqual(['Vimeo']);
  });
});
