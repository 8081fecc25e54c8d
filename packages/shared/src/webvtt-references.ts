// Plain constants (no zod), so the viewer's page can use them without the validation library.

/** The named character references a subtitle line may hold, by name (lower case), and their characters. */
export const WEBVTT_NAMED_REFERENCES: Readonly<Record<string, string>> = {
  amp: '&',
  lt: '<',
  gt: '>',
  quot: '"',
  apos: "'",
  nbsp: '\u00a0',
  lrm: '\u200e',
  rlm: '\u200f',
};
