/** Where a cue's settings place it (WebVTT's `line`, `position`, `size` and `align`). */
export type CuePlace = {
  /**
   * A line number (negative ones count from the bottom) or a percentage of the picture's height, and for
   * a percentage which of the cue's edges (or its middle) stands there.
   */
  line?: { value: number; percent: boolean; align?: LineAlign };
  /** Where the cue's box is across the picture (percent), and which of its edges or middle that is. */
  position?: { value: number; align: PositionAlign };
  /** The box's width, percent of the picture's. */
  size?: number;
  align: TextAlign;
};
type PositionAlign = 'line-left' | 'center' | 'line-right' | 'auto';
type TextAlign = 'start' | 'center' | 'end' | 'left' | 'right';
/** The cue's top, middle or bottom. */
export type LineAlign = 'start' | 'center' | 'end';

const LINE = /^(-?\d+(?:\.\d+)?)(%)?(?:,(start|center|end))?$/;
const POSITION = /^(\d+(?:\.\d+)?)%(?:,(line-left|center|line-right|auto))?$/;
const SIZE = /^(\d+(?:\.\d+)?)%$/;
const ALIGNS: readonly string[] = ['start', 'center', 'end', 'left', 'right'];
const isPercent = (value: number) => value >= 0 && value <= 100;

/**
 * A cue's place from the settings after its timing line, undefined when none places it. Settings that
 * are not valid are ignored, as browsers do (the server keeps only valid ones, but a file is a file).
 */
export function parseCueSettings(settings: string): CuePlace | undefined {
  const place: CuePlace = { align: 'center' };
  let placed = false;
  for (const setting of settings.trim().split(/\s+/)) {
    const colon = setting.indexOf(':');
    const [name, value] = [setting.slice(0, colon), setting.slice(colon + 1)];
    if (name === 'line') {
      const m = LINE.exec(value);
      const line = m && { value: Number(m[1]), percent: m[2] === '%' };
      if (!line || (line.percent && !isPercent(line.value))) continue;
      const align = m[3] as LineAlign | undefined;
      place.line = line.percent
        ? { ...line, ...(align && { align }) }
        : { value: Math.round(line.value), percent: false };
    } else if (name === 'position') {
      const m = POSITION.exec(value);
      if (!m || !isPercent(Number(m[1]))) continue;
      place.position = { value: Number(m[1]), align: (m[2] as PositionAlign | undefined) ?? 'auto' };
    } else if (name === 'size') {
      const m = SIZE.exec(value);
      if (!m || !isPercent(Number(m[1]))) continue;
      place.size = Number(m[1]);
    } else if (name === 'align' && ALIGNS.includes(value)) place.align = value as TextAlign;
    else continue;
    placed = true;
  }
  return placed ? place : undefined;
}

/**
 * How far down the picture a cue goes: at the bottom (`lines` above the last line; 0 is with the other
 * cues there), at the top (`lines` below the first), or with its top, middle or bottom at a share of the
 * picture's height (a line number's alignment is ignored, as WebVTT does).
 */
export type CueVertical =
  | { from: 'bottom'; lines: number }
  | { from: 'top'; lines: number }
  | { from: 'share'; share: number; align: LineAlign };

/** A cue's box: how it stands down the picture, its margins across it (percent), its text's alignment and direction. */
export type CueBox = {
  vertical: CueVertical;
  left: number;
  right: number;
  textAlign: TextAlign;
  direction: Direction;
};

function verticalOf(line: CuePlace['line']): CueVertical {
  if (!line) return { from: 'bottom', lines: 0 };
  if (line.percent) return { from: 'share', share: line.value / 100, align: line.align ?? 'start' };
  return line.value < 0 ? { from: 'bottom', lines: -line.value - 1 } : { from: 'top', lines: line.value };
}

export type Direction = 'ltr' | 'rtl';

/** Letters of the scripts written right to left (Hebrew to N'Ko and beyond, their presentation forms), and RLM. */
const RTL_LETTER = /[\u0590-\u08FF\uFB1D-\uFDFF\uFE70-\uFEFF\u200F\u{10800}-\u{10FFF}\u{1E800}-\u{1EFFF}]/u;
const STRONG = /[\p{L}\u200E\u200F]/u;

/**
 * Which way a cue's text runs (WebVTT's base direction): as its first letter's script does, left to right
 * when it has none. Its tags are not text; `&rlm;` and `&lrm;` are the marks they stand for.
 */
export function baseDirection(text: string): Direction {
  const plain = text
    .replace(/<[^>]*>/g, '')
    .replace(/&rlm;/g, '\u200F')
    .replace(/&lrm;/g, '\u200E');
  const first = STRONG.exec(plain)?.[0];
  return first && RTL_LETTER.test(first) ? 'rtl' : 'ltr';
}

/**
 * Where a cue goes, as WebVTT places it but kept inside the picture: a box as wide as its size and its
 * position leave room for (centred on its position, or from it to one side), the text aligned in it.
 * `start` and `end` are the sides the text's direction begins and ends on (the overlay gives each cue
 * its direction, so its text aligns the same way); `left` and `right` are the screen's.
 */
export function cueBox(place: CuePlace | undefined, direction: Direction = 'ltr'): CueBox {
  const align = place?.align ?? 'center';
  const [startSide, endSide] = direction === 'rtl' ? ['right', 'left'] : ['left', 'right'];
  const side = align === 'start' ? startSide : align === 'end' ? endSide : align;
  const leftish = side === 'left';
  const rightish = side === 'right';
  const at = place?.position?.value ?? (leftish ? 0 : rightish ? 100 : 50);
  const given = place?.position?.align ?? 'auto';
  const anchor = given !== 'auto' ? given : leftish ? 'line-left' : rightish ? 'line-right' : 'center';
  const size = place?.size ?? 100;
  let left: number;
  let width: number;
  if (anchor === 'line-left') {
    width = Math.min(size, 100 - at);
    left = at;
  } else if (anchor === 'line-right') {
    width = Math.min(size, at);
    left = at - width;
  } else {
    width = Math.min(size, 2 * Math.min(at, 100 - at));
    left = at - width / 2;
  }
  return { vertical: verticalOf(place?.line), left, right: 100 - left - width, textAlign: align, direction };
}
