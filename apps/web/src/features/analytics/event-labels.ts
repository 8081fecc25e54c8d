import { SUBTITLE_LANGUAGES } from '@screenroom/shared/subtitle-languages';
import type { WatchEventType } from '@screenroom/shared/watch-events';
import { formatDuration } from '../../lib/duration';
import { formatTimeSpent } from '../../lib/format';

type Data = Record<string, unknown> | null;

const num = (v: unknown) => (typeof v === 'number' && Number.isFinite(v) ? v : null);

/**
 * The watch page reports a click by the control's label ("Mute"), its data-track name, or else the bare
 * tag it landed on: the last two read as what the viewer saw.
 */
const CLICK_TARGETS: Record<string, string> = { 'big-play': 'the play button', video: 'the picture' };
const BARE_TAG = /^(html|body|main|div|section|header|footer|p|span|h[1-6]|img|svg|path|page)$/;
const clickTarget = (target: string) =>
  CLICK_TARGETS[target] ?? (BARE_TAG.test(target) ? 'the page' : target);

/** Why the player stopped when the server ended the session (the watch page's refusal reasons). */
const STOPPED_BECAUSE: Record<string, string> = {
  revoked: 'access withdrawn',
  disabled: 'anonymous link turned off',
  ended: 'the link ended',
  limit_reached: 'viewing limit reached',
  geo_blocked: 'not available in the viewer’s country',
  expired: 'the session expired',
};

/**
 * A subtitle language by its name: ours ("Portuguese (Brazil)"), else the browser's for a tag of
 * Vimeo's outside our list, else the tag as the page sent it.
 */
function languageName(tag: string) {
  if (Object.hasOwn(SUBTITLE_LANGUAGES, tag))
    return SUBTITLE_LANGUAGES[tag as keyof typeof SUBTITLE_LANGUAGES];
  try {
    return new Intl.DisplayNames(['en'], { type: 'language' }).of(tag) ?? tag;
  } catch {
    return tag; // Not a language tag.
  }
}

/**
 * What an event of a session says, in words, e.g. "Jumped from 0:10 to 0:40". `more`: the session has
 * events after this one (a reload goes on with its session, so a goodbye followed by more was no leaving).
 */
export function eventLabel(type: WatchEventType, position: number, data: Data, more = false): string {
  const at = formatDuration(position);
  switch (type) {
    case 'play':
      return `Played from ${at}`;
    case 'pause':
      return typeof data?.stopped === 'string'
        ? `Stopped at ${at}: ${STOPPED_BECAUSE[data.stopped] ?? 'access ended'}`
        : `Paused at ${at}`;
    case 'seek':
      return num(data?.at) !== null
        ? `Jumped from ${formatDuration(num(data?.at))} to ${at}`
        : `Jumped to ${at}`;
    case 'progress':
      return `Watching, at ${at}`;
    case 'ended':
      return 'Reached the end';
    case 'fullscreen':
      return data?.on ? 'Went fullscreen' : 'Left fullscreen';
    case 'visibility':
      return data?.state === 'hidden' ? 'Tab hidden' : 'Tab shown again';
    case 'volume':
      return data?.muted ? 'Muted' : `Volume ${Math.round((num(data?.volume) ?? 1) * 100)}%`;
    case 'rate':
      return `Speed ${num(data?.rate) ?? 1}×`;
    case 'quality': {
      const height = num(data?.height);
      const label = height ? `${height}p` : typeof data?.label === 'string' ? data.label : 'changed';
      return `Quality ${label}${data?.auto ? ' (auto)' : ''}`;
    }
    case 'buffering':
      return `Buffered ${((num(data?.ms) ?? 0) / 1000).toFixed(1)} s`;
    case 'subtitles':
      return typeof data?.language === 'string'
        ? `Subtitles on (${languageName(data.language)}${data.kind === 'captions' ? ', captions' : ''})`
        : 'Subtitles off';
    case 'click':
      return typeof data?.target === 'string' && data.target
        ? `Clicked ${clickTarget(data.target)}`
        : 'Clicked';
    case 'error':
      return `Playback error${typeof data?.details === 'string' ? ` (${data.details})` : ''}`;
    case 'unload':
      return more ? 'Left the page and came back' : 'Left the page';
  }
}

/** Colour of an event on the time line. */
export const EVENT_COLORS: Record<WatchEventType, string> = {
  play: 'teal',
  progress: 'teal',
  pause: 'yellow',
  seek: 'violet',
  ended: 'blue',
  fullscreen: 'cyan',
  visibility: 'orange',
  volume: 'gray',
  rate: 'grape',
  quality: 'indigo',
  buffering: 'pink',
  click: 'lime',
  error: 'red',
  unload: 'gray',
  subtitles: 'indigo',
};

/** An event's colour on the time line: a stop the server caused stands out from a viewer's pause. */
export const eventColor = (type: WatchEventType, data: Data) =>
  type === 'pause' && typeof data?.stopped === 'string' ? 'red' : EVENT_COLORS[type];

/** Progress reports come every few seconds of playback: kept for the clock, left off the time line. */
export const isShownOnTimeline = (type: WatchEventType) => type !== 'progress';

/** What the time line says where the replay skips a stretch without activity (`idleMs` long). */
export const skippedLabel = (idleMs: number) =>
  `${formatTimeSpent(idleMs / 1000)} without activity (skipped)`;
