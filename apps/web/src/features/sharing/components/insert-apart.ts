/**
 * `text` with `token` inserted at `at`, a space on either side where a word would otherwise touch it:
 * the access link glued to a word ("please{{access_link}}") would not be a link in the mail.
 */
export function insertApart(text: string, at: number, token: string) {
  const before = text.slice(0, at);
  const after = text.slice(at);
  const lead = before && !/\s$/.test(before) ? ' ' : '';
  const trail = after && !/^\s/.test(after) ? ' ' : '';
  return `${before}${lead}${token}${trail}${after}`;
}
