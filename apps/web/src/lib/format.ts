import dayjs from 'dayjs';
import relativeTime from 'dayjs/plugin/relativeTime';
import timezone from 'dayjs/plugin/timezone';
import utc from 'dayjs/plugin/utc';

dayjs.extend(utc);
dayjs.extend(timezone);
dayjs.extend(relativeTime);

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
  return iso ? dayjs(iso).tz(tz).format('D MMM YYYY, HH:mm') : '–';
}

export function formatDate(iso: string | null | undefined, tz: string) {
  return iso ? dayjs(iso).tz(tz).format('D MMM YYYY') : '–';
}

export const fromNow = (iso: string) => dayjs(iso).fromNow();

/** "desktop" → "Desktop": device types as the user agent parser names them, for reading. */
export const deviceLabel = (device: string) => device.charAt(0).toUpperCase() + device.slice(1);
