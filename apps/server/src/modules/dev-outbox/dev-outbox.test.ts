import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../test/helpers';

/**
 * The outbox shows every mail the app kept, sign-in codes and links included: it is served only where
 * the app keeps its mail instead of sending it (the local development mailer), never just because
 * NODE_ENV is not production.
 */
let sending: TestApp;
let keeping: TestApp;
beforeAll(async () => {
  [sending, keeping] = await Promise.all([
    // Development with a mail server: mail is sent, so there is no outbox to read.
    createTestApp({ NODE_ENV: 'development' }),
    // The development mailer: mail is kept, and read on /dev/outbox.
    createTestApp({ NODE_ENV: 'development', DEV_OUTBOX: 'true' }),
  ]);
});
afterAll(async () => {
  await Promise.all([sending.close(), keeping.close()]);
});

describe('the dev outbox', () => {
  it('is not served when the server sends its mail, whatever NODE_ENV says', async () => {
    expect(sending.config.devOutbox).toBe(false);
    await sending.signUp('ann@films.test');
    for (const url of ['/dev/outbox', '/v1/dev/outbox']) {
      const res = await sending.app.inject({ method: 'GET', url });
      expect(res.statusCode, url).toBe(404);
      expect(res.body).not.toContain('ann@films.test');
    }
  });

  it('shows the mails the development mailer kept', async () => {
    const registered = await keeping.app.inject({
      method: 'POST',
      url: '/v1/auth/register',
      payload: { name: 'Ann', email: 'ann@films.test', ownsVideoRights: true },
    });
    expect(registered.statusCode).toBe(200);
    const listed = await keeping.app.inject({ method: 'GET', url: '/v1/dev/outbox' });
    expect(listed.statusCode).toBe(200);
    expect(listed.json().results.map((m: { to: string }) => m.to)).toEqual(['ann@films.test']);
    const page = await keeping.app.inject({ method: 'GET', url: '/dev/outbox' });
    expect(page.statusCode).toBe(200);
    expect(page.body).toContain('ann@films.test');
    // Nothing went to the mail server.
    expect(keeping.smtp.mails).toEqual([]);
  });

  it('is served to this machine only, whatever a forwarded header claims', async () => {
    const registered = await keeping.app.inject({
      method: 'POST',
      url: '/v1/auth/register',
      payload: { name: 'Bea', email: 'bea@films.test', ownsVideoRights: true },
    });
    expect(registered.statusCode).toBe(200);
    for (const url of ['/dev/outbox', '/v1/dev/outbox']) {
      for (const remoteAddress of ['192.168.1.20', '10.0.0.7', 'fe80::1', '::ffff:192.168.1.20']) {
        const res = await keeping.app.inject({
          method: 'GET',
          url,
          remoteAddress,
          headers: { 'x-forwarded-for': '127.0.0.1' },
        });
        expect(res.statusCode, `${url} from ${remoteAddress}`).toBe(404);
        expect(res.body).not.toContain('bea@films.test');
      }
      for (const remoteAddress of ['127.0.0.1', '::1', '::ffff:127.0.0.1']) {
        const res = await keeping.app.inject({ method: 'GET', url, remoteAddress });
        expect(res.statusCode, `${url} from ${remoteAddress}`).toBe(200);
        expect(res.body).toContain('bea@films.test');
      }
    }
  });

  it('is not served through a proxy on this machine: what it forwards comes from anyone', async () => {
    // A staging server behind nginx or Caddy on the same machine sees every visitor at 127.0.0.1.
    for (const url of ['/dev/outbox', '/v1/dev/outbox']) {
      for (const headers of [
        { 'x-forwarded-for': '203.0.113.9' },
        { 'x-forwarded-for': '127.0.0.1' },
        { forwarded: 'for=203.0.113.9' },
        { 'x-real-ip': '203.0.113.9' },
      ]) {
        const res = await keeping.app.inject({ method: 'GET', url, remoteAddress: '127.0.0.1', headers });
        expect(res.statusCode, `${url} with ${JSON.stringify(headers)}`).toBe(404);
      }
    }
  });
});
