import net from 'node:net';
import { afterEach, describe, expect, it } from 'vitest';
import { createMailer, SMTP_TIMEOUTS } from './mailer';

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
});
