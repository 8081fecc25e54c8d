import { decodeCharacterReferences, decodeWindows1252 } from '@screenroom/shared/webvtt-references';
import { type ParseError, parseTextStream, type VTTCue } from 'media-captions';

/** Why a file holds no subtitles we can show, in words for the presenter (put into subtitleUnreadable). */
export class SubtitleFileError extends Error {}

/** A subtitle file as we keep it: a WebVTT written from its cues, with what the presenter is shown. */
export type ReadSubtitles = { vtt: string; cues: number; lastCueEnd: number };

const BOM = '\uFEFF';
/** WebVTT's signature: the word, then a space, a tab or the end of the line (or of the file). */
const WEBVTT_SIGNATURE = /^WEBVTT(?:[ \t\r\n]|$)/;
/** The inline tags a track keeps (italics, bold, underline); every other tag is dropped. */
const KEPT_TAG = /^<\/?[ibu]>$/;
const TAG = /<[^<>\n]*>/g;
/**
 * SubRip's stray positioning: ASS overrides such as {\an8} (also in WebVTT files converted from SubRip,
 * where no player reads them), and a leading "X1:… Y2:…" line.
 */
const ASS_OVERRIDE = /\{\\[^}]*\}/g;
/** ASS's alignment in an override block: `\an1`–`\an9` (numpad), or SSA's older `\a1`–`\a11`. */
const ASS_ALIGNMENT = /\{[^}]*?\\a(n?)(\d{1,2})[^}]*\}/;
/** SSA's `\aN` as the numpad number `\anN` gives the same place (5–7 top, 9–11 middle). */
const SSA_TO_NUMPAD: Record<number, number> = { 1: 1, 2: 2, 3: 3, 5: 7, 6: 8, 7: 9, 9: 4, 10: 5, 11: 6 };
/**
 * The WebVTT settings for a numpad place: rows 7–9 at the top (`line:0`), 4–6 in the middle, 1–3 at the
 * bottom (no line: where a cue goes anyway); left and right columns as `align:left`/`align:right`, not
 * start/end, since ASS means the screen's side whatever way the text runs.
 */
function numpadSettings(place: number) {
  const out: string[] = [];
  if (place >= 7) out.push('line:0');
  else if (place >= 4) out.push('line:50%,center');
  const column = (place - 1) % 3;
  if (column === 0) out.push('align:left');
  if (column === 2) out.push('align:right');
  return out.length ? ` ${out.join(' ')}` : '';
}
/** A cue's placement from its first ASS alignment override (`{\an8}`), as WebVTT settings. */
function overrideSettingsOf(raw: string) {
  const found = ASS_ALIGNMENT.exec(raw);
  if (!found) return '';
  const place = found[1] ? Number(found[2]) : SSA_TO_NUMPAD[Number(found[2])];
  return place && place >= 1 && place <= 9 ? numpadSettings(place) : '';
}
const SRT_COORDINATES = /^(?:[XY][12]:\d+\s*)+$/;

/** UTF-16's byte order marks, little- and big-endian: Windows Notepad's "Unicode" saves the first. */
const UTF16_BOMS = [
  { mark: [0xff, 0xfe], encoding: 'utf-16le' },
  { mark: [0xfe, 0xff], encoding: 'utf-16be' },
] as const;

/**
 * The UTF-16 a file is in, if it is: as its byte order mark says, else as its zero bytes say when there
 * is no mark (text in a Latin script is every other byte zero, all at odd places in UTF-16LE, all at even
 * ones in UTF-16BE). A file of other bytes with zeros is not text, and is refused.
 */
function utf16Of(bytes: Buffer) {
  const marked = UTF16_BOMS.find(({ mark }) => bytes[0] === mark[0] && bytes[1] === mark[1]);
  if (marked) return marked.encoding;
  if (bytes.length % 2 !== 0) return undefined;
  let odd = 0;
  let even = 0;
  for (let at = bytes.indexOf(0); at !== -1; at = bytes.indexOf(0, at + 1)) {
    if (at % 2) odd++;
    else even++;
  }
  // At least one zero for every four characters, all on one side.
  const enough = (zeros: number) => zeros * 8 >= bytes.length;
  if (even === 0 && enough(odd)) return 'utf-16le';
  if (odd === 0 && enough(even)) return 'utf-16be';
  return undefined;
}

/**
 * Bytes as text: UTF-16 when its byte order mark says so, else UTF-8 (its BOM dropped), else
 * windows-1252, as many older SubRip files are.
 */
function decode(bytes: Buffer) {
  const utf16 = utf16Of(bytes);
  let text: string;
  if (utf16) text = new TextDecoder(utf16).decode(bytes);
  else {
    try {
      text = new TextDecoder('utf-8', { fatal: true }).decode(bytes);
    } catch {
      text = decodeWindows1252(bytes);
    }
  }
  return text.startsWith(BOM) ? text.slice(BOM.length) : text;
}

const pad = (n: number, width = 2) => String(n).padStart(width, '0');

/** Seconds as a WebVTT timestamp, HH:MM:SS.mmm. */
export function vttTime(seconds: number) {
  const ms = Math.round(seconds * 1000);
  const h = Math.floor(ms / 3_600_000);
  const m = Math.floor((ms % 3_600_000) / 60_000);
  const s = Math.floor((ms % 60_000) / 1000);
  return `${pad(h)}:${pad(m)}:${pad(s)}.${pad(ms % 1000, 3)}`;
}

/** The settings of a cue worth keeping (where it shows), written back as WebVTT settings. */
function settingsOf(cue: VTTCue) {
  const out: string[] = [];
  if (cue.vertical) out.push(`vertical:${cue.vertical}`);
  if (typeof cue.line === 'number' && Number.isFinite(cue.line)) {
    const align = cue.lineAlign !== 'start' ? `,${cue.lineAlign}` : '';
    out.push(`line:${cue.line}${cue.snapToLines ? '' : '%'}${align}`);
  }
  if (typeof cue.position === 'number' && Number.isFinite(cue.position)) {
    const align = cue.positionAlign !== 'auto' ? `,${cue.positionAlign}` : '';
    out.push(`position:${cue.position}%${align}`);
  }
  if (Number.isFinite(cue.size) && cue.size !== 100) out.push(`size:${cue.size}%`);
  if (cue.align && cue.align !== 'center') out.push(`align:${cue.align}`);
  return out.length ? ` ${out.join(' ')}` : '';
}

/**
 * A cue's text as WebVTT cue text that cannot end the cue or fake a timing line: no blank line, and no
 * `-->` (every `>` outside the kept tags is escaped); <i>, <b> and <u> are kept, other tags dropped.
 */
export function cueText(raw: string, format: 'srt' | 'vtt') {
  const lines = raw
    .split(/\r\n|\r|\n/)
    .map((line) => line.replace(ASS_OVERRIDE, '').trimEnd())
    .filter(
      (line, index) => line.trim() !== '' && !(format === 'srt' && index === 0 && SRT_COORDINATES.test(line)),
    );
  // Tags still open, innermost last: a cue may span lines in one, and must close each by its end.
  const open: string[] = [];
  const written = lines
    .map((line) => {
      let out = '';
      let at = 0;
      for (const match of line.matchAll(TAG)) {
        out += escapeText(line.slice(at, match.index));
        out += balanced(match[0].toLowerCase().replace(/\s+/g, ''), open);
        at = match.index + match[0].length;
      }
      return out + escapeText(line.slice(at));
    })
    .filter((line) => line.trim() !== '')
    .join('\n');
  return written && written + closing(open.splice(0));
}

/** `</x>` for each tag, innermost first. */
const closing = (tags: readonly string[]) =>
  tags.map((name) => `</${name}>`).reduceRight((a, b) => a + b, '');

/**
 * A tag as the kept markup writes it: an opening <i>, <b> or <u> (noted in `open`), or a closing one that
 * closes what is open up to its own (the ones opened inside it first, so tags never cross); a closing tag
 * with nothing of its own open, and every other tag, is dropped.
 */
function balanced(tag: string, open: string[]) {
  if (!KEPT_TAG.test(tag)) return '';
  const name = tag.replace(/[</>]/g, '');
  if (!tag.startsWith('</')) {
    open.push(name);
    return tag;
  }
  const at = open.lastIndexOf(name);
  return at < 0 ? '' : closing(open.splice(at));
}

/**
 * Text as WebVTT writes it: references read first (so `&quot;` stays a quote), then `&`, `<`, `>` escaped,
 * and a line break read from a reference written back as one, since written out it would end the cue or
 * fake a timing line (the player reads it as the line break it is).
 */
const escapeText = (text: string) =>
  decodeCharacterReferences(text)
    .replaceAll('&', '&amp;')
    .replaceAll('<', '&lt;')
    .replaceAll('>', '&gt;')
    .replace(/[\r\n]/g, (character) => `&#${character.charCodeAt(0)};`);

/** @param numbers the file's line number of each line the parser was given. */
function detailOf(error: ParseError, numbers: readonly number[]) {
  // The parser's own words name the line and the text; a presenter needs the line, as the file counts it.
  if (error.code === 1) return 'the WEBVTT header is missing';
  return `line ${numbers[error.line - 1] ?? error.line}: a time is not valid`;
}

/** A timing line, in SubRip's form or WebVTT's, however its arrow is spaced. */
const TIMING_LINE =
  /^\s*((?:\d+:)?\d{1,2}:\d{2}[,.]\d{1,3})\s*-->\s*((?:\d+:)?\d{1,2}:\d{2}[,.]\d{1,3})(.*)$/;
const CUE_NUMBER = /^\s*\d+\s*$/;

/**
 * The text's lines as the parser needs them, read as browsers read a WebVTT: a line of spaces is a blank
 * line, and a timing line starts a new cue (with the number just before it, in SubRip), even with no
 * blank line before it. Otherwise the next cue would be shown as text of the one before, its times and all.
 */
function cueLines(text: string) {
  const lines: string[] = [];
  /** Each line's number in the file (an added blank line takes the next one's), for the presenter. */
  const numbers: number[] = [];
  for (const [index, line] of text.split(/\r?\n|\r/).entries()) {
    const timing = TIMING_LINE.exec(line);
    if (!timing) {
      lines.push(line.trim() === '' ? '' : line);
      numbers.push(index + 1);
      continue;
    }
    const before = lines.length;
    const numbered = before >= 2 && CUE_NUMBER.test(lines[before - 1]!) && lines[before - 2] !== '';
    if (numbered) {
      lines.splice(before - 1, 0, '');
      numbers.splice(before - 1, 0, numbers[before - 1]!);
    } else if (
      // After cue text (not after a header, a blank line or a cue's number or name).
      before >= 2 &&
      lines[before - 1] !== '' &&
      !CUE_NUMBER.test(lines[before - 1]!) &&
      lines[before - 2] !== ''
    ) {
      lines.push('');
      numbers.push(index + 1);
    }
    lines.push(`${timing[1]} --> ${timing[2]}${timing[3]}`);
    numbers.push(index + 1);
  }
  return { lines, numbers };
}

/**
 * The text's lines as a stream handed out one line per read. media-captions' own parseText enqueues
 * every line up front, and Node's stream queue takes them out in time growing with its length: a 1MB
 * file of tiny cues (~100,000 lines) took seconds of the server's one thread.
 */
function linesOf(lines: readonly string[]) {
  let next = 0;
  return new ReadableStream<string>(
    {
      pull(controller) {
        if (next < lines.length) controller.enqueue(lines[next++]!);
        else controller.close();
      },
    },
    { highWaterMark: 0 },
  );
}

/**
 * Reads a SubRip or WebVTT file, by its content (a name says nothing): text starting with `WEBVTT` is
 * WebVTT, anything else is read as SubRip. Throws SubtitleFileError when it holds no subtitles we can
 * show. Cues whose end is not after their start are dropped.
 */
export async function readSubtitleFile(bytes: Buffer): Promise<ReadSubtitles> {
  if (bytes.length === 0) throw new SubtitleFileError('the file is empty');
  // UTF-16 holds zero bytes in plain text; anything else with one is not text.
  const text = decode(bytes);
  // No text holds a NUL character (UTF-16's zero bytes are halves of characters, gone once decoded).
  if (text.includes('\0')) throw new SubtitleFileError('this is not a text file');
  const format = WEBVTT_SIGNATURE.test(text) ? 'vtt' : 'srt';
  const errors: ParseError[] = [];
  // Not strict: a cue setting we do not know (old files say align:middle) is dropped, not fatal.
  const { lines, numbers } = cueLines(text);
  const parsed = await parseTextStream(linesOf(lines), {
    type: format,
    errors: true,
    onError: (e) => errors.push(e),
  });
  const fatal = errors.find((e) => e.code === 1 || e.code === 2);
  if (fatal) throw new SubtitleFileError(detailOf(fatal, numbers));
  const blocks: string[] = [];
  let lastCueEnd = 0;
  for (const cue of parsed.cues) {
    if (!(cue.endTime > cue.startTime) || cue.startTime < 0) continue;
    const body = cueText(cue.text, format);
    if (!body) continue;
    // A WebVTT cue's own settings win over an override left in its text.
    const settings = (format === 'vtt' && settingsOf(cue)) || overrideSettingsOf(cue.text);
    blocks.push(`${vttTime(cue.startTime)} --> ${vttTime(cue.endTime)}${settings}\n${body}`);
    lastCueEnd = Math.max(lastCueEnd, cue.endTime);
  }
  if (blocks.length === 0) throw new SubtitleFileError('no timed lines found');
  return { vtt: `WEBVTT\n\n${blocks.join('\n\n')}\n`, cues: blocks.length, lastCueEnd };
}
