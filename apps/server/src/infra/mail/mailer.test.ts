import net from 'node:net';
import { afterEach, describe, expect, it } from 'vitest';
import { startSmtpCatcher } from '../../../test/smtp-catcher';
import { createMailer, mailSurelyNotSent, SMTP_TIMEOUTS } from './mailer';

const servers: net.Server[] = [];
const sockets: net.Socket[] = [];
afterEach(async () => {
  for (const socket of sockets.splice(0)) socket.destroy();
  for (const server of servers.splice(0)) await new Promise((resolve) => server.close(resolve));
});

/** A real SMTP peer that greets and then never answers again (a relay that hangs). */
async function silentAfterGreeting() {
  const server = net.createServer((socket) => {
    sockets.push(socket);
    socket.on('error', () => {});
    socket.write('220 stalled.test ESMTP\r\n');
  });
  servers.push(server);
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return (server.address() as net.AddressInfo).port;
}

describe('the SMTP mailer', () => {
  it('gives up on a relay that stops answering within its socket timeout, not nodemailer’s 10 minutes', async () => {
    const port = await silentAfterGreeting();
    const mailer = createMailer({ smtpUrl: `smtp://127.0.0.1:${port}`, from: 'Screenroom <a@b.test>' });
    const started = Date.now();
    await expect(
      mailer.send({ to: 'viewer@films.test', subject: 's', html: '<p>h</p>', text: 't' }),
    ).rejects.toThrow(/timeout/i);
    expect(Date.now() - started).toBeLessThan(SMTP_TIMEOUTS.socketTimeout + 5_000);
  }, 40_000);

  describe('tells a mail surely not sent from one that may have arrived', () => {
    const mail = { to: 'viewer@films.test', subject: 's', html: '<p>h</p>', text: 't' };
    const failureOf = (smtpUrl: string) =>
      createMailer({ smtpUrl, from: 'a@b.test' })
        .send(mail)
        .then(
          () => undefined,
          (error: unknown) => error,
        );

    it('no relay listening: not sent', async () => {
      const server = net.createServer();
      await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
      const { port } = server.address() as net.AddressInfo;
      await new Promise((resolve) => server.close(resolve));
      expect(mailSurelyNotSent(await failureOf(`smtp://127.0.0.1:${port}`))).toBe(true);
    });

    it('the relay refused the mail: not sent; the relay took it and hung up: it may arrive', async () => {
      let refuse = true;
      const relay = await startSmtpCatcher({
        failWith: () => (refuse ? 'Mailbox unavailable' : undefined),
        dropAfterData: () => !refuse,
      });
      try {
        expect(mailSurelyNotSent(await failureOf(relay.url))).toBe(true);
        refuse = false;
        const lostReply = await failureOf(relay.url);
        expect(lostReply).toBeInstanceOf(Error);
        expect(mailSurelyNotSent(lostReply)).toBe(false);
        expect(relay.mails).toHaveLength(1);
      } finally {
        await relay.close();
      }
    });
  });
});
