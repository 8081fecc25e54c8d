import { readFileSync } from 'node:fs';
import type { CaughtMail } from '../../apps/server/test/smtp-catcher';
import { E2E } from './env';

const readMails = (): CaughtMail[] =>
  readFileSync(E2E.mailFile, 'utf8')
    .split('\n')
    .filter(Boolean)
    .map((line) => JSON.parse(line) as CaughtMail);

/** Waits for the `nth` (1-based) mail to `to` that matches, as caught by the SMTP server. */
export async function waitForMail(to: string, match: (m: CaughtMail) => boolean = () => true, nth = 1) {
  const until = Date.now() + 15_000;
  while (Date.now() < until) {
    const found = readMails().filter((m) => m.to.includes(to.toLowerCase()) && match(m));
    if (found.length >= nth) return found[nth - 1]!;
    await new Promise((r) => setTimeout(r, 200));
  }
  throw new Error(`No mail #${nth} to ${to} arrived`);
}

export const codeOf = (mail: CaughtMail) => /\b(\d{6})\b/.exec(mail.subject)![1]!;

/** The newest mail to `to` that matches, once one has arrived (an account's latest code is its only valid one). */
export async function latestMail(to: string, match: (m: CaughtMail) => boolean) {
  await waitForMail(to, match);
  return readMails()
    .filter((m) => m.to.includes(to.toLowerCase()) && match(m))
    .at(-1)!;
}
