import { MESSAGES } from '@screenroom/shared/messages';
import { eq } from 'drizzle-orm';
import { SignJWT } from 'jose';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../test/helpers';
import { otpOf } from '../../../test/smtp-catcher';
import { oneTimeCodes } from '../../db/schema/auth';
import { logs } from '../../db/schema/logs';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

const post = (url: string, payload: unknown, headers: Record<string, string> = {}) =>
  t.app.inject({ method: 'POST', url, payload: payload as object, headers });
const uniqueEmail = (tag: string) => `${tag}.${Math.random().toString(36).slice(2, 8)}@films.test`;

async function requestLoginCode(email: string) {
  const res = await post('/v1/auth/login', { email });
  expect(res.statusCode).toBe(200);
  return t.smtp.waitFor(email, (m) => /sign-in code/.test(m.subject) && !usedMails.has(m));
}
const usedMails = new Set<unknown>();
async function freshLoginCode(email: string) {
  const mail = await requestLoginCode(email);
  usedMails.add(mail);
  return otpOf(mail);
}

describe('POST /auth/register', () => {
  it('e-mails a 6-digit code; verifying it creates the presenter and signs in', async () => {
    const email = uniqueEmail('ana');
    const res = await post('/v1/auth/register', {
      name: 'Ana Film',
      email: email.toUpperCase(),
      ownsVideoRights: true,
    });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ email, expiresInMinutes: 10 });

    const mail = await t.smtp.waitFor(email);
    expect(mail.subject).toMatch(/^\d{6} is your Screenroom sign-up code$/);
    expect(mail.html).toContain(otpOf(mail));
    expect(mail.text).toContain(otpOf(mail));

    const verified = await post('/v1/auth/verify-otp', { email, otp: otpOf(mail) });
    expect(verified.statusCode).toBe(200);
    const body = verified.json();
    expect(body.tokens.access.token).toEqual(expect.any(String));
    expect(new Date(body.tokens.access.expires).getTime()).toBeGreaterThan(Date.now());
    expect(body.presenter).toMatchObject({
      email,
      name: 'Ana Film',
      is_onboarding_completed: false,
      onboarding: { vimeo_linking: false, video_creation: false, screener_creation: false },
      rule_set: 'FREE',
      is_admin: false,
      timezone: 'Asia/Tokyo',
      theme: 'dark',
    });

    const me = await t.app.inject({
      method: 'GET',
      url: '/v1/auth/getAuthPresenter',
      headers: { authorization: `Bearer ${body.tokens.access.token}` },
    });
    expect(me.statusCode).toBe(200);
    expect(me.json().presenter.id).toBe(body.presenter.id);
  });

  it("keeps the registering device's time zone and theme; a sign-in keeps the profile's", async () => {
    const email = uniqueEmail('lena');
    await post('/v1/auth/register', { name: 'Lena Film', email, ownsVideoRights: true });
    const preferences = { timezone: 'Europe/Berlin', theme: 'light' };
    const created = await post('/v1/auth/verify-otp', {
      email,
      otp: otpOf(await t.smtp.waitFor(email)),
      preferences,
    });
    expect(created.json().presenter).toMatchObject({ timezone: 'Europe/Berlin', theme: 'light' });

    await post('/v1/auth/login', { email });
    const login = await t.smtp.waitFor(email, (m) => /sign-in code/.test(m.subject));
    const signedIn = await post('/v1/auth/verify-otp', {
      email,
      otp: otpOf(login),
      preferences: { timezone: 'America/New_York', theme: 'dark' },
    });
    expect(signedIn.json().presenter).toMatchObject({ timezone: 'Europe/Berlin', theme: 'light' });

    // A time zone that does not exist never stands in the way of signing up.
    const other = uniqueEmail('omar');
    await post('/v1/auth/register', { name: 'Omar Film', email: other, ownsVideoRights: true });
    const odd = await post('/v1/auth/verify-otp', {
      email: other,
      otp: otpOf(await t.smtp.waitFor(other)),
      preferences: { timezone: 'Mars/Olympus', theme: 'light' },
    });
    expect(odd.statusCode, odd.body).toBe(200);
    // The unknown zone falls back to the default; the theme with it is kept.
    expect(odd.json().presenter).toMatchObject({ timezone: 'Asia/Tokyo', theme: 'light' });
  });

  it('requires the video-rights declaration, naming the field', async () => {
    for (const payload of [
      { name: 'No Rights', email: uniqueEmail('nr') },
      { name: 'No Rights', email: uniqueEmail('nr'), ownsVideoRights: false },
    ]) {
      const res = await post('/v1/auth/register', payload);
      expect(res.statusCode).toBe(400);
      expect(res.json().message).toBe(`ownsVideoRights: ${MESSAGES.videoRights}`);
      expect(res.json().errors).toEqual([{ field: 'ownsVideoRights', message: MESSAGES.videoRights }]);
    }
  });

  it("answers 'invalid email' for a malformed address and 'Field is required' for a missing name", async () => {
    const bad = await post('/v1/auth/register', {
      name: 'X Y',
      email: 'not-an-email',
      ownsVideoRights: true,
    });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().message).toBe('email: invalid email');

    const noName = await post('/v1/auth/register', { email: uniqueEmail('nn'), ownsVideoRights: true });
    expect(noName.statusCode).toBe(400);
    expect(noName.json().message).toBe('name: Field is required');

    const long = await post('/v1/auth/register', {
      name: 'x'.repeat(101),
      email: uniqueEmail('l'),
      ownsVideoRights: true,
    });
    expect(long.json().message).toBe('name: Length should not be greater then 100');
  });

  it('refuses an e-mail that already has an account with a 409', async () => {
    const { email } = await t.signUp();
    const res = await post('/v1/auth/register', { name: 'Again', email, ownsVideoRights: true });
    expect(res.statusCode).toBe(409);
    expect(res.json().message).toBe(MESSAGES.emailAlreadyRegistered);
  });

  it('answers bodies that are not JSON objects with a clear 400', async () => {
    const notJson = await t.app.inject({
      method: 'POST',
      url: '/v1/auth/register',
      payload: '{"name": ',
      headers: { 'content-type': 'application/json' },
    });
    expect(notJson.statusCode).toBe(400);
    expect(notJson.json().message).toBe('The request body is not valid JSON.');

    const noBody = await t.app.inject({ method: 'POST', url: '/v1/auth/register' });
    expect(noBody.statusCode).toBe(400);
    expect(noBody.json().message).toBe('The request body is missing or is not an object.');

    const wrongType = await post('/v1/auth/register', { name: 42, email: ['a'], ownsVideoRights: 'yes' });
    expect(wrongType.statusCode).toBe(400);
    expect(
      wrongType
        .json()
        .errors.map((e: { field: string }) => e.field)
        .sort(),
    ).toEqual(['email', 'name', 'ownsVideoRights']);
  });
});

describe('POST /auth/login and /auth/verify-otp', () => {
  it('answers an unknown e-mail with a 404 that suggests registering', async () => {
    const res = await post('/v1/auth/login', { email: uniqueEmail('ghost') });
    expect(res.statusCode).toBe(404);
    expect(res.json().message).toBe(MESSAGES.emailNotRegistered);
  });

  it('signs a registered presenter in with the e-mailed code', async () => {
    const { email, id } = await t.signUp();
    const code = await freshLoginCode(email);
    const res = await post('/v1/auth/verify-otp', { email, otp: code });
    expect(res.statusCode).toBe(200);
    expect(res.json().presenter.id).toBe(id);
    expect(res.json().presenter.last_login_at).not.toBeNull();
  });

  it('refuses a wrong code, and voids the code after the fifth wrong try', async () => {
    const { email, id } = await t.signUp();
    const code = await freshLoginCode(email);
    const wrong = code === '000000' ? '111111' : '000000';
    for (let i = 1; i <= 4; i++) {
      const res = await post('/v1/auth/verify-otp', { email, otp: wrong });
      expect(res.statusCode).toBe(400);
      expect(res.json().message).toBe(MESSAGES.otpInvalid);
    }
    const fifth = await post('/v1/auth/verify-otp', { email, otp: wrong });
    expect(fifth.json().message).toBe(MESSAGES.otpTooManyTries);
    // The sixth try, even with the right code, is refused.
    const sixth = await post('/v1/auth/verify-otp', { email, otp: code });
    expect(sixth.statusCode).toBe(400);
    expect(sixth.json().message).toBe(MESSAGES.otpTooManyTries);
    // The presenter's own log shows the code mailed and the refused tries, though no one was signed in.
    const own = await t.db.select().from(logs).where(eq(logs.userId, id));
    const messages = own.map((e) => e.message);
    expect(messages).toContain('Mail sent: Screenroom sign-in code');
    expect(messages.filter((m) => m.startsWith('Sign-in code refused'))).toHaveLength(6);
  });

  it('logs the tries that cannot succeed once a minute per address: anyone may send them for any account', async () => {
    const { email, id } = await t.signUp();
    // The sign-up's code is used, and no other was sent: each try is refused, each from anyone.
    for (let i = 0; i < 10; i++)
      expect((await post('/v1/auth/verify-otp', { email, otp: '123456' })).statusCode).toBe(400);
    const own = await t.db.select().from(logs).where(eq(logs.userId, id));
    expect(own.map((e) => e.message).filter((m) => m.startsWith('Sign-in code refused'))).toEqual([
      'Sign-in code refused: already used',
    ]);
  });

  it('refuses an expired code', async () => {
    const { email } = await t.signUp();
    const code = await freshLoginCode(email);
    await t.db
      .update(oneTimeCodes)
      .set({ expiresAt: new Date(Date.now() - 1000) })
      .where(eq(oneTimeCodes.email, email));
    const res = await post('/v1/auth/verify-otp', { email, otp: code });
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toBe(MESSAGES.otpExpired);
  });

  it('accepts a code once only', async () => {
    const { email } = await t.signUp();
    const code = await freshLoginCode(email);
    expect((await post('/v1/auth/verify-otp', { email, otp: code })).statusCode).toBe(200);
    const again = await post('/v1/auth/verify-otp', { email, otp: code });
    expect(again.statusCode).toBe(400);
    expect(again.json().message).toBe(MESSAGES.otpInvalid);
  });

  it('lets only the newest code work', async () => {
    const { email } = await t.signUp();
    const first = await freshLoginCode(email);
    const second = await freshLoginCode(email);
    if (first !== second) {
      expect((await post('/v1/auth/verify-otp', { email, otp: first })).statusCode).toBe(400);
    }
    expect((await post('/v1/auth/verify-otp', { email, otp: second })).statusCode).toBe(200);
  });

  it('stores only a hash of the code', async () => {
    const { email } = await t.signUp();
    const code = await freshLoginCode(email);
    const rows = await t.db.select().from(oneTimeCodes).where(eq(oneTimeCodes.email, email));
    expect(rows.length).toBeGreaterThan(0);
    for (const row of rows) {
      expect(row.codeHash).toMatch(/^[0-9a-f]{64}$/);
      expect(row.codeHash).not.toContain(code);
    }
  });

  it('validates the code format with the spec messages', async () => {
    const short = await post('/v1/auth/verify-otp', { email: 'a@films.test', otp: '123' });
    expect(short.json().message).toBe('otp: This Field should have 6 characters');
    const letters = await post('/v1/auth/verify-otp', { email: 'a@films.test', otp: '12a456' });
    expect(letters.json().message).toBe('otp: It must be numeric');
  });
});

describe('tokens and logout', () => {
  it('revokes the token on logout: 401 everywhere afterwards', async () => {
    const { headers } = await t.signUp();
    expect(
      (await t.app.inject({ method: 'GET', url: '/v1/auth/getAuthPresenter', headers })).statusCode,
    ).toBe(200);
    const out = await t.app.inject({ method: 'POST', url: '/v1/auth/logout', headers });
    expect(out.statusCode).toBe(200);
    const after = await t.app.inject({ method: 'GET', url: '/v1/auth/getAuthPresenter', headers });
    expect(after.statusCode).toBe(401);
    expect(after.json().message).toBe(MESSAGES.sessionEnded);
    expect((await t.app.inject({ method: 'POST', url: '/v1/auth/logout', headers })).statusCode).toBe(401);
  });

  it('refuses missing, malformed, forged and expired tokens', async () => {
    const { id } = await t.signUp();
    const none = await t.app.inject({ method: 'GET', url: '/v1/auth/getAuthPresenter' });
    expect(none.statusCode).toBe(401);
    expect(none.json().message).toBe(MESSAGES.signInRequired);

    const forged = await new SignJWT({})
      .setProtectedHeader({ alg: 'HS256' })
      .setSubject(id)
      .setJti(crypto.randomUUID())
      .setAudience('presenter')
      .setExpirationTime('1h')
      .sign(new TextEncoder().encode('not-the-server-secret-not-the-server-secret'));
    const expired = await new SignJWT({})
      .setProtectedHeader({ alg: 'HS256' })
      .setSubject(id)
      .setJti(crypto.randomUUID())
      .setAudience('presenter')
      .setExpirationTime(Math.floor(Date.now() / 1000) - 60)
      .sign(new TextEncoder().encode(t.config.jwtSecret));
    for (const token of ['garbage', forged, expired]) {
      const res = await t.app.inject({
        method: 'GET',
        url: '/v1/auth/getAuthPresenter',
        headers: { authorization: `Bearer ${token}` },
      });
      expect(res.statusCode).toBe(401);
    }
  });
});

describe('sign-in links', () => {
  it('e-mails a one-time /autologin link that signs in once', async () => {
    const { email, id } = await t.signUp();
    const res = await post('/v1/presenters/generateLoginLink', { email });
    expect(res.statusCode).toBe(200);
    const mail = await t.smtp.waitFor(email, (m) => m.subject === 'Your Screenroom sign-in link');
    const url = /(http:\/\/screenroom\.test\/autologin\?code=[\w%-]+)/.exec(mail.text)?.[1];
    expect(url).toBeDefined();
    const code = new URL(url!).searchParams.get('code')!;
    expect(code.length).toBeGreaterThanOrEqual(43);

    const verified = await post('/v1/presenters/verifyLoginCode', { code });
    expect(verified.statusCode).toBe(200);
    expect(verified.json().presenter.id).toBe(id);
    const reused = await post('/v1/presenters/verifyLoginCode', { code });
    expect(reused.statusCode).toBe(400);
    expect(reused.json().message).toBe(MESSAGES.loginLinkInvalid);
  });

  it('refuses unknown e-mails and made-up codes', async () => {
    expect(
      (await post('/v1/presenters/generateLoginLink', { email: uniqueEmail('nobody') })).statusCode,
    ).toBe(404);
    const made = await post('/v1/presenters/verifyLoginCode', { code: 'made-up-code' });
    expect(made.statusCode).toBe(400);
    const empty = await post('/v1/presenters/verifyLoginCode', { code: '' });
    expect(empty.json().message).toBe('code: Field is required');
  });
});

describe('the activity log of a new account', () => {
  it('opens with "Account created", and later sign-ins read "Signed in"', async () => {
    const { email, headers } = await t.signUp();
    const messages = async () => {
      const res = await t.app.inject({ method: 'GET', url: '/v1/logs?limit=100&type=security', headers });
      expect(res.statusCode, res.body).toBe(200);
      return (res.json().results as { message: string }[]).map((r) => r.message);
    };
    expect(await messages()).toEqual(['Account created']);
    await post('/v1/auth/verify-otp', { email, otp: await freshLoginCode(email) });
    expect(await messages()).toEqual(['Signed in', 'Account created']);
  });
});

describe('secrets stay out of the log', () => {
  it('no stored log entry holds a code or a token used in this file', async () => {
    const { email, token } = await t.signUp();
    const code = await freshLoginCode(email);
    await post('/v1/auth/verify-otp', { email, otp: code });
    const all = JSON.stringify(await t.db.select().from(logs));
    expect(all).toContain('Signed in');
    expect(all).not.toContain(code);
    expect(all).not.toContain(token);
  });
});
