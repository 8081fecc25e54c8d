import { MESSAGES } from '@screenroom/shared/messages';
import { desc, eq, like } from 'drizzle-orm';
import { afterEach, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../test/helpers';
import { otpOf } from '../../../test/smtp-catcher';
import { oneTimeCodes } from '../../db/schema/auth';
import { rateLimitHits } from '../../db/schema/rate-limits';

let t: TestApp | undefined;
afterEach(async () => {
  if (t) expect(t.undocumentedAnswers(), 'answers the API document does not list').toEqual([]);
  await t?.close();
  t = undefined;
});

describe('throttling of sign-in codes', () => {
  it('limits codes per e-mail', async () => {
    t = await createTestApp({ OTP_SENDS_PER_EMAIL_PER_HOUR: '2' });
    const { email } = await t.signUp();
    // signUp used one code; one more is allowed, the next is refused.
    const login = () => t!.app.inject({ method: 'POST', url: '/v1/auth/login', payload: { email } });
    expect((await login()).statusCode).toBe(200);
    const refused = await login();
    expect(refused.statusCode).toBe(429);
    expect(refused.json().message).toBe(MESSAGES.otpThrottled);
  });

  it('limits codes per e-mail when they are asked for at the same moment', async () => {
    t = await createTestApp({ OTP_SENDS_PER_EMAIL_PER_HOUR: '3' });
    const { email } = await t.signUp();
    const login = () => t!.app.inject({ method: 'POST', url: '/v1/auth/login', payload: { email } });
    const answers = await Promise.all(Array.from({ length: 8 }, login));
    expect(answers.map((a) => a.statusCode).sort()).toEqual([200, 200, 429, 429, 429, 429, 429, 429]);
    // The code written last is the one left working: the sign-in checks the latest.
    const codes = await t.db
      .select()
      .from(oneTimeCodes)
      .where(eq(oneTimeCodes.email, email))
      .orderBy(desc(oneTimeCodes.createdAt));
    expect(codes).toHaveLength(3);
    expect(codes.map((c) => c.voidedAt === null || c.consumedAt !== null)).toEqual([true, false, true]);
  });

  it('limits auth requests per IP address', async () => {
    t = await createTestApp({ AUTH_RATE_LIMIT_PER_MINUTE: '3' });
    const attempt = () =>
      t!.app.inject({ method: 'POST', url: '/v1/auth/login', payload: { email: 'nobody@films.test' } });
    for (let i = 0; i < 3; i++) expect((await attempt()).statusCode).toBe(404);
    const limited = await attempt();
    expect(limited.statusCode).toBe(429);
    expect(limited.json().message).toBe(MESSAGES.tooManyRequests);
  });

  it('counts an address’s requests on every server of the deployment, in one window', async () => {
    t = await createTestApp({ AUTH_RATE_LIMIT_PER_MINUTE: '3' });
    const other = await t.anotherServer();
    const attempt = (app: TestApp['app']) =>
      app.inject({ method: 'POST', url: '/v1/auth/login', payload: { email: 'nobody@films.test' } });
    // Three tries spread over two servers use the address's three; the fourth is refused on either.
    for (const app of [t.app, other.app, t.app]) expect((await attempt(app)).statusCode).toBe(404);
    const limited = await attempt(other.app);
    expect(limited.statusCode).toBe(429);
    expect(limited.json().message).toBe(MESSAGES.tooManyRequests);
    expect(Number(limited.headers['retry-after'])).toBeGreaterThan(0);
    expect(Number(limited.headers['retry-after'])).toBeLessThanOrEqual(60);
    expect((await attempt(t.app)).statusCode).toBe(429);
    // Another route has its own count.
    const register = await t.app.inject({ method: 'POST', url: '/v1/auth/register', payload: {} });
    expect(register.statusCode).toBe(400);

    // Once the window is over, the address starts again from one.
    await t.db.update(rateLimitHits).set({ resetsAt: new Date(Date.now() - 1000) });
    expect((await attempt(other.app)).statusCode).toBe(404);
    const [row] = await t.db.select().from(rateLimitHits).where(like(rateLimitHits.key, '%/auth/login%'));
    expect(row?.hits).toBe(1);
  });

  it('slows down guessing market codes', async () => {
    t = await createTestApp({ AUTH_RATE_LIMIT_PER_MINUTE: '3' });
    // The public page allows six times the sign-in rate: attendees of a festival may share one address.
    const guess = (i: number) => t!.app.inject({ method: 'GET', url: `/v1/markets/public/GUESS${i}` });
    for (let i = 0; i < 18; i++) expect((await guess(i)).statusCode).toBe(404);
    expect((await guess(18)).statusCode).toBe(429);
    const me = await t.signUp();
    const verify = () =>
      t!.app.inject({
        method: 'POST',
        url: '/v1/videos/verifyMarketCode',
        headers: me.headers,
        payload: { code: 'GUESS' },
      });
    for (let i = 0; i < 3; i++) expect((await verify()).statusCode).toBe(404);
    expect((await verify()).statusCode).toBe(429);
  });
});

describe('mail failures', () => {
  it('answers 503 when the SMTP server refuses, and the unsent code does not count', async () => {
    let fail = true;
    t = await createTestApp({}, { smtpFailWith: () => (fail ? 'Mailbox unavailable' : undefined) });
    const res = await t.app.inject({
      method: 'POST',
      url: '/v1/auth/register',
      payload: { name: 'Unlucky', email: 'unlucky@films.test', ownsVideoRights: true },
    });
    expect(res.statusCode).toBe(503);
    expect(res.json().message).toMatch(/could not send the e-mail/);
    fail = false;
    const retry = await t.app.inject({
      method: 'POST',
      url: '/v1/auth/register',
      payload: { name: 'Unlucky', email: 'unlucky@films.test', ownsVideoRights: true },
    });
    expect(retry.statusCode).toBe(200);
  });
});

describe('mail whose fate is unknown', () => {
  const register = () =>
    t!.app.inject({
      method: 'POST',
      url: '/v1/auth/register',
      payload: { name: 'Lost Reply', email: 'lost@films.test', ownsVideoRights: true },
    });
  const verify = (otp: string) =>
    t!.app.inject({ method: 'POST', url: '/v1/auth/verify-otp', payload: { email: 'lost@films.test', otp } });

  it('keeps the code when the relay took the mail but its answer was lost: the code that arrives works', async () => {
    t = await createTestApp({}, { smtpDropAfterData: () => true });
    const res = await register();
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ delivery: 'unconfirmed', email: 'lost@films.test' });
    expect(res.json().message).toMatch(/could not confirm that the code reached lost@films.test/);
    const mail = await t.smtp.waitFor('lost@films.test');
    expect((await verify(otpOf(mail))).statusCode).toBe(200);
  });

  it('a resend the relay refuses leaves the code sent before it working', async () => {
    let refuse = false;
    t = await createTestApp({}, { smtpFailWith: () => (refuse ? 'Mailbox unavailable' : undefined) });
    expect((await register()).statusCode).toBe(200);
    const first = otpOf(await t.smtp.waitFor('lost@films.test'));
    refuse = true;
    const resend = await register();
    expect(resend.statusCode).toBe(503);
    expect(resend.json().message).toBe(MESSAGES.mailNotSent);
    expect((await verify(first)).statusCode).toBe(200);
  });
});
