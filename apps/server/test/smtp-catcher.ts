import PostalMime from 'postal-mime';
import { SMTPServer } from 'smtp-server';

export type CaughtMail = {
  to: string[];
  from: string;
  subject: string;
  text: string;
  html: string;
  receivedAt?: number;
};

/**
 * A real SMTP server in the test process: the app sends through nodemailer to it exactly as it would to a
 * production relay, and tests read what arrived.
 */
export async function startSmtpCatcher(
  options: {
    failWith?: () => string | undefined;
    /** The mail is kept (delivered), then the connection is cut before the answer: a lost reply. */
    dropAfterData?: () => boolean;
    onMail?: (mail: CaughtMail) => void;
    port?: number;
  } = {},
) {
  const mails: CaughtMail[] = [];
  const listeners = new Set<() => void>();
  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS', 'AUTH'],
    logger: false,
    onData(stream, session, callback) {
      const failure = options.failWith?.();
      const chunks: Buffer[] = [];
      stream.on('data', (c: Buffer) => chunks.push(c));
      stream.on('end', async () => {
        if (failure) return callback(Object.assign(new Error(failure), { responseCode: 451 }));
        const parsed = await PostalMime.parse(Buffer.concat(chunks));
        const mail = {
          to: session.envelope.rcptTo.map((r) => r.address.toLowerCase()),
          from: session.envelope.mailFrom ? session.envelope.mailFrom.address : '',
          subject: parsed.subject ?? '',
          text: parsed.text ?? '',
          html: parsed.html ?? '',
          receivedAt: Date.now(),
        };
        mails.push(mail);
        options.onMail?.(mail);
        for (const listener of listeners) listener();
        if (options.dropAfterData?.()) {
          for (const connection of server.connections) if (connection.session === session) connection.close();
          return;
        }
        callback();
      });
    },
  });
  await new Promise<void>((resolve) => server.listen(options.port ?? 0, '127.0.0.1', resolve));
  const port = (server.server.address() as { port: number }).port;

  /** The first mail to `to` (after the first `skip` ones) matching `match`; waits up to `timeoutMs`. */
  function waitFor(to: string, match: (m: CaughtMail) => boolean = () => true, timeoutMs = 10_000) {
    const find = () => mails.find((m) => m.to.includes(to.toLowerCase()) && match(m));
    return new Promise<CaughtMail>((resolve, reject) => {
      const found = find();
      if (found) return resolve(found);
      const timer = setTimeout(() => {
        listeners.delete(check);
        reject(new Error(`No mail to ${to} arrived within ${timeoutMs} ms`));
      }, timeoutMs);
      const check = () => {
        const m = find();
        if (m) {
          clearTimeout(timer);
          listeners.delete(check);
          resolve(m);
        }
      };
      listeners.add(check);
    });
  }

  return {
    url: `smtp://127.0.0.1:${port}`,
    mails,
    waitFor,
    /** The newest mail to `to`. */
    latestTo: (to: string) => [...mails].reverse().find((m) => m.to.includes(to.toLowerCase())),
    clear: () => mails.splice(0),
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

export type SmtpCatcher = Awaited<ReturnType<typeof startSmtpCatcher>>;

/** The 6-digit code of a sign-in or sign-up mail. */
export const otpOf = (mail: CaughtMail) =>
  /\b(\d{6})\b/.exec(mail.subject)?.[1] ?? /\b(\d{6})\b/.exec(mail.text)![1]!;
