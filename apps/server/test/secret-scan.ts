import type { CaughtMail } from './smtp-catcher';

/** The viewers' tokens of the watch links (`/watch/<token>`) in a text; anonymous-link addresses aside. */
export const viewerTokensIn = (text: string) =>
  [...text.matchAll(/\/watch\/(?!a\/)([\w-]{16,})/g)].map((m) => m[1]!);

/** The one-time codes, sign-in link codes and viewers' watch links a mail carried. */
export function secretsInMail(mail: CaughtMail): string[] {
  const found = new Set<string>();
  // A code mail leads its subject with the code. The body is not searched for six digits: tests tag
  // names and addresses with random hex, sometimes all digits ("Hello Ann 482913,"), which would then
  // be "found" in every log line naming that person.
  const code = /^(\d{6}) /.exec(mail.subject);
  if (code) found.add(code[1]!);
  for (const text of [mail.subject, mail.text, mail.html]) {
    for (const m of text.matchAll(/[?&]code=([\w%.~-]+)/g)) {
      found.add(m[1]!);
      found.add(decodeURIComponent(m[1]!));
    }
    for (const token of viewerTokensIn(text)) found.add(token);
  }
  return [...found];
}

const mask = (secret: string) =>
  secret.length <= 8 ? '*'.repeat(secret.length) : `${secret.slice(0, 4)}…${secret.slice(-2)}`;

/** Shapes of secrets that never belong in a log, whoever used them: JWTs, Stripe keys and webhook secrets. */
const SECRET_SHAPES = [
  /eyJ[\w-]{10,}\.[\w-]{10,}\.[\w-]{10,}/,
  /\bwhsec_[A-Za-z0-9]{8,}/,
  /\b[sr]k_(test|live)_[A-Za-z0-9]{8,}/,
];

/**
 * Every secret found in the rows, with the row it was in. A six-digit code counts only as a whole word
 * (so it is not "found" inside a UUID or a hex string); longer secrets count anywhere; anything shaped
 * like a token or a Stripe key counts too.
 */
export function findLeakedSecrets(rows: { id?: unknown }[], secrets: Iterable<string>) {
  const leaks: { secret: string; rowId: unknown }[] = [];
  const candidates = [...new Set(secrets)].filter((s) => s.length >= 6);
  for (const row of rows) {
    const text = JSON.stringify(row);
    for (const shape of SECRET_SHAPES) {
      const found = shape.exec(text);
      if (found) leaks.push({ secret: mask(found[0]), rowId: row.id });
    }
    for (const secret of candidates) {
      const found = /^\d{6}$/.test(secret)
        ? new RegExp(`(?<![0-9A-Za-z])${secret}(?![0-9A-Za-z])`).test(text)
        : text.includes(secret);
      if (found) leaks.push({ secret: mask(secret), rowId: row.id });
    }
  }
  return leaks;
}
