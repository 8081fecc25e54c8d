import nodemailer from 'nodemailer';

export type MailMessage = {
  to: string;
  subject: string;
  html: string;
  text: string;
  from?: string;
  replyTo?: string;
};
export type SentMail = { messageId: string };

export type Mailer = { send(message: MailMessage): Promise<SentMail> };

/** How long a mail waits for the SMTP server: to connect, for its greeting, and for each answer. */
export const SMTP_TIMEOUTS = { connectionTimeout: 10_000, greetingTimeout: 10_000, socketTimeout: 15_000 };

const CONNECTING_FAILED =
  /ECONNREFUSED|EHOSTUNREACH|ENETUNREACH|ENOTFOUND|Connection timeout|Greeting never received/;

/**
 * Whether a failed `send` surely delivered nothing. False when the connection broke or went silent
 * while the relay may already have taken the mail: no answer says either way, and it may arrive.
 */
export function mailSurelyNotSent(error: unknown): boolean {
  const { code, responseCode, message } = (error ?? {}) as {
    code?: string;
    responseCode?: number;
    message?: string;
  };
  if (typeof responseCode === 'number') return true; // the relay answered, and said no
  // DNS, TLS, sign-in, envelope and our own failures all come before any mail is handed over.
  if (code !== 'ECONNECTION' && code !== 'ESOCKET' && code !== 'ETIMEDOUT') return true;
  return CONNECTING_FAILED.test(message ?? '');
}

/**
 * Sends through SMTP_URL, or, in development without it, builds the same message and hands it to
 * `keepInOutbox` (the dev outbox) instead of sending it.
 */
export function createMailer(options: {
  smtpUrl: string | undefined;
  from: string;
  keepInOutbox?: (message: Omit<Required<MailMessage>, 'replyTo'>) => Promise<void>;
}): Mailer {
  const { smtpUrl, from, keepInOutbox } = options;
  if (smtpUrl) {
    // Nodemailer waits up to 10 minutes on a silent server: a sign-in would hang past any proxy's limit.
    // Settings in SMTP_URL's query (?socketTimeout=…) still win.
    const transport = nodemailer.createTransport({ url: smtpUrl, ...SMTP_TIMEOUTS });
    return {
      async send(message) {
        const info = await transport.sendMail({ from, ...message });
        return { messageId: info.messageId };
      },
    };
  }
  if (!keepInOutbox)
    throw new Error('No SMTP_URL is set and no outbox is available: mail cannot be delivered');
  const transport = nodemailer.createTransport({ jsonTransport: true });
  return {
    async send(message) {
      const info = await transport.sendMail({ from, ...message });
      const { replyTo: _replyTo, ...kept } = message;
      await keepInOutbox({ ...kept, from: message.from ?? from });
      return { messageId: info.messageId };
    },
  };
}
