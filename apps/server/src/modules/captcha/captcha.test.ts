import { randomBytes } from 'node:crypto';
import { MESSAGES } from '@screenroom/shared/messages';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type startFakeRecaptcha as Start, startFakeRecaptcha } from '../../../test/fake-recaptcha';
import { createTestApp, type TestApp } from '../../../test/helpers';
import { otpOf } from '../../../test/smtp-catcher';
import { logs } from '../../db/schema/logs';

const SITE_KEY = `6Le${randomBytes(12).toString('hex')}`;
const SECRET_KEY = `6Le${randomBytes(16).toString('hex')}`;
let google: Awaited<ReturnType<typeof Start>>;
let t: TestApp;
beforeAll(async () => {
  google = await startFakeRecaptcha({ secretKey: SECRET_KEY });
  t = await createTestApp({
    RECAPTCHA_SITE_KEY: SITE_KEY,
    RECAPTCHA_SECRET_KEY: SECRET_KEY,
    RECAPTCHA_VERIFY_URL: google.verifyUrl,
  });
});
afterAll(async () => {
  expect(t.undocumentedAnswers(), 'answers the API document does not list').toEqual([]);
  await t.close();
  await google.close();
});

const email = (tag: string) => `${tag}.${randomBytes(3).toString('hex')}@films.test`;
const token = () => t.rememberSecret(`03AFcWeA${randomBytes(40).toString('base64url')}`)!;
const register = (payload: Record<string, unknown>) =>
  t.app.inject({
    method: 'POST',
    url: '/v1/auth/register',
    payload: { name: 'Cap Tcha', ownsVideoRights: true, ...payload },
  });
const login = (payload: Record<string, unknown>) =>
  t.app.inject({ method: 'POST', url: '/v1/auth/login', payload });

describe('reCAPTCHA on registration and sign-in', () => {
  it('gives the browser the site key, never the secret', async () => {
    const config = (await t.app.inject({ method: 'GET', url: '/v1/app-config' })).json();
    expect(config.captcha).toEqual({ site_key: SITE_KEY, version: 'v2' });
    expect(JSON.stringify(config)).not.toContain(SECRET_KEY);
  });

  it('refuses a registration without a captcha, or with one that was not solved, and sends no mail', async () => {
    const address = email('bot');
    const none = await register({ email: address });
    expect(none.statusCode).toBe(400);
    expect(none.json()).toMatchObject({
      message: MESSAGES.captchaRequired,
      errors: [{ field: 'captchaToken', message: MESSAGES.captchaRequired }],
    });
    const unsolved = await register({ email: address, captchaToken: token() });
    expect(unsolved.statusCode).toBe(400);
    expect(unsolved.json().message).toBe(MESSAGES.captchaRejected);
    expect(t.smtp.mails.filter((m) => m.to.includes(address))).toHaveLength(0);
    const refusals = await t.db.select().from(logs).where(eq(logs.module, 'captcha'));
    expect(refusals.map((r) => r.message)).toEqual([
      'Captcha refused on /v1/auth/register: no captcha token',
      'Captcha refused on /v1/auth/register: invalid-input-response',
    ]);
    expect(refusals.every((r) => r.userEmail === address && r.level === 'warn')).toBe(true);
  });

  it('accepts a solved captcha once, asking Google with the secret and the visitor address', async () => {
    const address = email('human');
    const solved = google.solve(token());
    const res = await register({ email: address, captchaToken: solved });
    expect(res.statusCode).toBe(200);
    const asked = google.requests.at(-1)!;
    expect(asked).toEqual({ secret: SECRET_KEY, response: solved, remoteip: '127.0.0.1' });
    const mail = await t.smtp.waitFor(address);
    const verified = await t.app.inject({
      method: 'POST',
      url: '/v1/auth/verify-otp',
      payload: { email: address, otp: otpOf(mail) },
    });
    expect(verified.statusCode).toBe(200);

    // The same token a second time is refused (Google answers it as a duplicate).
    expect((await login({ email: address, captchaToken: solved })).statusCode).toBe(400);
    const fresh = await login({ email: address, captchaToken: google.solve(token()) });
    expect(fresh.statusCode).toBe(200);

    // A sign-in link spends the same hourly allowance of mails: it needs a captcha too.
    const link = (payload: Record<string, unknown>) =>
      t.app.inject({ method: 'POST', url: '/v1/presenters/generateLoginLink', payload });
    const noCaptcha = await link({ email: address });
    expect(noCaptcha.statusCode).toBe(400);
    expect(noCaptcha.json().message).toBe(MESSAGES.captchaRequired);
    expect((await link({ email: address, captchaToken: google.solve(token()) })).statusCode).toBe(200);
  });

  it('checks the body first: a malformed request is a 400 without asking Google', async () => {
    const before = google.requests.length;
    const res = await login({ email: 'not-an-email', captchaToken: token() });
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toBe('email: invalid email');
    expect(google.requests.length).toBe(before);
  });

  it('answers 503 when Google cannot be reached', async () => {
    google.setDown(true);
    try {
      const res = await login({ email: email('x'), captchaToken: token() });
      expect(res.statusCode).toBe(503);
      expect(res.json().message).toBe(MESSAGES.captchaUnavailable);
    } finally {
      google.setDown(false);
    }
  });

  it('leaves the other auth calls alone', async () => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/v1/auth/verify-otp',
      payload: { email: email('x'), otp: '123456' },
    });
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toBe(MESSAGES.otpInvalid);
  });
});
