import dayjs from 'dayjs';
import relativeTime from 'dayjs/plugin/relativeTime';
import timezone from 'dayjs/plugin/timezone';
import utc from 'dayjs/plugin/utc';
import { NO_VALUE } from './no-value';

dayjs.extend(utc);
dayjs.extend(timezone);
dayjs.extend(relativeTime);

export { NO_VALUE };

export function formatBytes(bytes: number) {
  if (bytes < 1024) return `${bytes} B`;
  const units = ['KB', 'MB', 'GB', 'TB'];
  let value = bytes / 1024;
  let unit = 0;
  while (value >= 1024 && unit < units.length - 1) {
    value /= 1024;
    unit += 1;
  }
  return `${value.toFixed(value >= 100 ? 0 : 1)} ${units[unit]}`;
}

/** A date in the presenter's time zone (default Asia/Tokyo), e.g. "12 Mar 2026, 14:05". */
export function formatDateTime(iso: string | null | undefined, tz: string) {
  return iso ? dayjs(iso).tz(tz).format('D MMM YYYY, HH:mm') : NO_VALUE;
}

/** The end of something that started on `startIso`: the time alone on the same day, else the full date. */
export function formatEnd(iso: string | null | undefined, startIso: string, tz: string) {
  if (!iso) return NO_VALUE;
  const end = dayjs(iso).tz(tz);
  return end.isSame(dayjs(startIso).tz(tz), 'day') ? end.format('HH:mm') : formatDateTime(iso, tz);
}

/** An instant in the presenter's time zone in a format of the caller's (the logs want seconds). */
export const formatInZone = (iso: string, tz: string, format: string) => dayjs(iso).tz(tz).format(format);

export function formatDate(iso: string | null | undefined, tz: string) {
  return iso ? dayjs(iso).tz(tz).format('D MMM YYYY') : NO_VALUE;
}

/**
 * "5 minutes ago". A moment a little ahead of this device's clock (a viewer's clock runs ahead of ours,
 * and the server believes it by up to 5 minutes) reads as now, never "in a few seconds".
 */
export const fromNow = (iso: string) => {
  const at = dayjs(iso);
  return (at.isAfter(dayjs()) ? dayjs() : at).fromNow();
};

/** "desktop" → "Desktop": device types as the user agent parser names them, for reading. */
export const deviceLabel = (device: string) => device.charAt(0).toUpperCase() + device.slice(1);

export const formatPercent = (share: number) => `${Math.round(Math.max(0, Math.min(1, share)) * 100)}%`;

/** 3725 s → "1 h 2 min", 95 s → "1 min 35 s", 12 s → "12 s". */
export function formatTimeSpent(seconds: number) {
  const total = Math.max(0, Math.round(seconds));
  const h = Math.floor(total / 3600);
  const m = Math.floor((total % 3600) / 60);
  const s = total % 60;
  if (h > 0) return `${h} h ${m} min`;
  if (m > 0) return s > 0 ? `${m} min ${s} s` : `${m} min`;
  return `${s} s`;
}

/** Lower case without accents, for searching as people type: "unicode" finds "Ünïcödé". */
export const folded = (text: string) =>
  text
    .normalize('NFD')
    .replace(/\p{Diacritic}/gu, '')
    .toLowerCase();

/**
 * Watched time as people read it: the API's watched minutes (to the hundredth) as "1 h 2 min", "3 min 12 s"
 * or "14 s", where "0.23 min" made a presenter do the sum.
 */
export const formatWatched = (minutes: number) => formatTimeSpent(minutes * 60);

/** A link's watched time, or the empty mark before anyone opened it, as its country and device read. */
export const linkWatched = (link: { sessions: number; watched_minutes: number }) =>
  link.sessions === 0 ? NO_VALUE : formatWatched(link.watched_minutes);
