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
    const transport = nodemailer.createTransport(smtpUrl);
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
