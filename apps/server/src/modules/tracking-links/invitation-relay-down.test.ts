import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createFilm } from '../../../test/fixtures';
import { freePort } from '../../../test/free-port';
import { createTestApp, type TestApp } from '../../../test/helpers';
import { createMailer, type Mailer } from '../../infra/mail/mailer';

let t: TestApp;
let relayDown = false;
let closedPort: number;
beforeAll(async () => {
  closedPort = await freePort();
  // Real nodemailer both ways: to the test's SMTP catcher, or to a port where nothing listens.
  let relay: Mailer | undefined;
  const down = createMailer({ smtpUrl: `smtp://127.0.0.1:${closedPort}`, from: 'Screenroom <a@b.test>' });
  t = await createTestApp(
    {},
    {
      mailer: {
        send: (message) => {
          relay ??= createMailer({ smtpUrl: t.smtp.url, from: 'Screenroom <a@b.test>' });
          return (relayDown ? down : relay).send(message);
        },
      },
    },
  );
});
afterAll(async () => {
  await t.close();
});

describe('an invitation when the mail relay cannot be reached', () => {
  it('says so in words, without the relay’s address, and keeps the link', async () => {
    const me = await t.signUp();
    const film = await createFilm(t, me.id);
    relayDown = true;
    const res = await t.app.inject({
      method: 'POST',
      url: '/v1/screeners/invite',
      headers: me.headers,
      payload: {
        video_id: film.id,
        recipients: 'far@fest.org',
        from: 'Pat',
        subject: 'Watch',
        content: 'Hi {{access_link}}',
      },
    });
    relayDown = false;
    expect(res.statusCode, res.body).toBe(200);
    const [result] = res.json().results;
    expect(result.outcome).toBe('failed');
    expect(result.message).toBe(
      'Not sent (our mail server could not be reached just now); the link is kept and can be sent again.',
    );
    expect(res.body).not.toContain(String(closedPort));
    const kept = await t.app.inject({
      method: 'GET',
      url: `/v1/screeners/${result.tracking_link_id}`,
      headers: me.headers,
    });
    expect(kept.json().screener.invitation).toMatchObject({ status: 'failed' });
    expect(kept.body).not.toContain(String(closedPort));
  });
});
