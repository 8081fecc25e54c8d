import type { MailMessage } from './mailer';

type Kept = Omit<Required<MailMessage>, 'replyTo'>;

/**
 * Where the development mailer puts a mail: the dev outbox, and one log line saying where to read it.
 * Never the mail itself in the log: its subject and text carry sign-in codes and viewers' links.
 */
export function devOutboxKeeper(
  outbox: { add(message: Kept): Promise<unknown> },
  log: (line: string) => void,
  publicUrl: string,
) {
  return async (message: Kept) => {
    await outbox.add(message);
    log(`[dev outbox] Mail to ${message.to} kept: open ${publicUrl}/dev/outbox to read it`);
  };
}
