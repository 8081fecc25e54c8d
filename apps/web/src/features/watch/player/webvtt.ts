import { decodeCharacterReferences } from '@screenroom/shared/webvtt-references';
import { type CuePlace, parseCueSettings } from './cue-placement';

/**
 * One timed line of a WebVTT file: from `start` to `end` (seconds), its text with its markup, and where
 * its settings place it (none: at the bottom, centred).
 */
export type Cue = { start: number; end: number; text: string; place?: CuePlace };

/** A piece of a cue's text as shown: plain text, or italic, bold or underlined pieces. */
export type CueNode = string | { tag: 'i' | 'b' | 'u'; children: CueNode[] };

const TIME = /^(?:(\d+):)?(\d{1,2}):(\d{2})[.,](\d{3})$/;

function seconds(stamp: string) {
  const m = TIME.exec(stamp.trim());
  if (!m) return null;
  return Number(m[1] ?? 0) * 3600 + Number(m[2]) * 60 + Number(m[3]) + Number(m[4]) / 1000;
}

/**
 * The cues of a WebVTT file (the server normalises every track to WebVTT). Blocks without a timing
 * line (the header, NOTE, STYLE, REGION) are skipped. A cue's settings (line, position, size, align)
 * are read into its place.
 */
export function parseWebVtt(text: string): Cue[] {
  const cues: Cue[] = [];
  for (const block of text.replace(/^\uFEFF/, '').split(/\r?\n(?:[ \t]*\r?\n)+/)) {
    const lines = block.split(/\r?\n/);
    const at = lines.findIndex((line) => line.includes('-->'));
    if (at < 0 || at > 1) continue;
    const [from = '', rest = ''] = lines[at]!.split('-->');
    const start = seconds(from);
    const [stamp = '', ...settings] = rest.trim().split(/\s+/);
    const end = seconds(stamp);
    if (start === null || end === null || end <= start) continue;
    const text = lines
      .slice(at + 1)
      .join('\n')
      .trimEnd();
    const place = parseCueSettings(settings.join(' '));
    cues.push(place ? { start, end, text, place } : { start, end, text });
  }
  return cues.sort((a, b) => a.start - b.start);
}

/** The cues showing at `time`. */
export const activeCues = (cues: readonly Cue[], time: number) =>
  cues.filter((cue) => cue.start <= time && time < cue.end);

const KEPT = new Set(['i', 'b', 'u']);

/**
 * A cue's text as pieces to render as elements, never as HTML: <i>, <b> and <u> are kept, every other
 * tag (voice, class, ruby, timestamps, or anything a file slipped in, such as <script>) is dropped and
 * only its text stays. Line breaks stay in the text.
 */
export function parseCueText(text: string): CueNode[] {
  const root: CueNode[] = [];
  const open: { tag: 'i' | 'b' | 'u'; children: CueNode[] }[] = [];
  const here = () => open.at(-1)?.children ?? root;
  for (const part of text.split(/(<[^>]*>)/)) {
    if (!part) continue;
    const tag = /^<(\/?)([a-z0-9]+)/i.exec(part);
    if (!tag) {
      // Text, or a lone "<" that opens no tag.
      here().push(decodeCharacterReferences(part));
      continue;
    }
    const name = tag[2]!.toLowerCase();
    if (!KEPT.has(name)) continue;
    if (tag[1]) {
      const at = open.map((node) => node.tag).lastIndexOf(name as 'i' | 'b' | 'u');
      if (at >= 0) open.length = at;
      continue;
    }
    const node = { tag: name as 'i' | 'b' | 'u', children: [] };
    here().push(node);
    open.push(node);
  }
  return root;
}
