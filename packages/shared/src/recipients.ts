import { emailField } from './validation';

/**
 * "Ana <ana@x.io>" → its name and address. By index, not a regex: `^(.*?)\s*<([^>]+)>$` backtracked for
 * seconds over a long run of spaces (a pasted list is up to 20,000 characters), blocking the server.
 */
function splitNamed(raw: string) {
  const open = raw.lastIndexOf('<');
  if (open < 0 || !raw.endsWith('>') || raw.length - open < 3) return null;
  return { name: raw.slice(0, open).trim(), address: raw.slice(open + 1, -1) };
}

/**
 * Splits a pasted list at commas, semicolons and line breaks, except at a comma or semicolon inside double
 * quotes: mail programs copy contacts as `"García, Pedro" <pedro@x.es>`. A line break always splits, so a
 * stray quote spoils its own line, not the rest of the list.
 */
function splitList(list: string) {
  const parts: string[] = [];
  let start = 0;
  let quoted = false;
  for (let i = 0; i < list.length; i++) {
    const c = list[i];
    if (c === '"') quoted = !quoted;
    else if (c === '\n' || (!quoted && (c === ',' || c === ';'))) {
      parts.push(list.slice(start, i));
      start = i + 1;
      if (c === '\n') quoted = false;
    }
  }
  parts.push(list.slice(start));
  return parts;
}

/** "Ana <ana@x.io>, bo@y.co; c@z.org" → [{ email, name }], in order, without repeats. */
export function parseRecipients(list: string) {
  const seen = new Set<string>();
  const recipients: { raw: string; email: string | null; name: string | null }[] = [];
  for (const part of splitList(list)) {
    const raw = part.trim();
    if (!raw) continue;
    const named = splitNamed(raw);
    const candidate = (named ? named.address : raw).trim();
    // Longer than any e-mail address can be (RFC 5321): not one, and not worth a look.
    const parsed = candidate.length <= 320 ? emailField().safeParse(candidate) : null;
    const email = parsed?.success ? parsed.data : null;
    if (email && seen.has(email)) continue;
    if (email) seen.add(email);
    recipients.push({ raw, email, name: named?.name.replace(/^"|"$/g, '').trim() || null });
  }
  return recipients;
}
