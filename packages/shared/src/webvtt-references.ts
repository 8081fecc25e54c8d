// Plain code (no zod), so the viewer's page can use it without the validation library.

/** The named character references a subtitle line may hold, by name (lower case), and their characters. */
const NAMED_REFERENCES: Readonly<Record<string, string>> = {
  amp: '&',
  lt: '<',
  gt: '>',
  quot: '"',
  apos: "'",
  nbsp: '\u00a0',
  lrm: '\u200e',
  rlm: '\u200f',
};

/**
 * What references to 128–159 stand for, in order: windows-1252's characters for those bytes, as HTML's
 * parser (which WebVTT's cue text follows) reads them, since old subtitle files write an en dash as
 * `&#150;`. The five numbers windows-1252 leaves out stay control characters. (Not a TextDecoder: Node
 * 20's windows-1252 one drops these bytes.)
 */
const WINDOWS_1252_FROM_128 = '€\u0081‚ƒ„…†‡ˆ‰Š‹Œ\u008dŽ\u008f\u0090‘’“”•–—˜™š›œ\u009džŸ';

/**
 * Bytes read as windows-1252, as many older SubRip files are written: Latin-1 but for 128–159 (an en dash
 * is 0x96, curly quotes 0x93 and 0x94).
 */
export const decodeWindows1252 = (bytes: Uint8Array) => {
  let text = '';
  for (const byte of bytes)
    text += byte >= 0x80 && byte <= 0x9f ? WINDOWS_1252_FROM_128[byte - 0x80] : String.fromCharCode(byte);
  return text;
};

const REFERENCE = /&(?:#(\d+)|#x([0-9a-f]+)|([a-z0-9]+));/gi;

/** A numeric reference's character, by HTML's rules: nothing, half a surrogate pair or past Unicode is U+FFFD. */
function numbered(code: number) {
  if (code === 0 || code > 0x10ffff || (code >= 0xd800 && code <= 0xdfff)) return '\uFFFD';
  if (code >= 0x80 && code <= 0x9f) return WINDOWS_1252_FROM_128[code - 0x80]!;
  return String.fromCodePoint(code);
}

/**
 * A subtitle line's text with its character references read (`&amp;` is `&`, `&#x263A;` is ☺), as the
 * WebVTT cue text parser reads them: any number, decimal or hex, and the names above in any case. An
 * unknown name, or a reference without its semicolon, stays as written.
 */
export const decodeCharacterReferences = (text: string) =>
  text.replace(REFERENCE, (whole, decimal?: string, hex?: string, name?: string) => {
    if (name !== undefined) return NAMED_REFERENCES[name.toLowerCase()] ?? whole;
    return numbered(decimal !== undefined ? Number(decimal) : Number.parseInt(hex!, 16));
  });
