import { DEFAULT_TIMEZONE } from '@screenroom/shared/enums';

/** Every IANA time zone the browser knows, with its current UTC offset, e.g. "Asia/Tokyo (UTC+09:00)". */
export function timeZoneOptions(now = new Date()) {
  const zones = new Set(Intl.supportedValuesOf('timeZone'));
  zones.add(DEFAULT_TIMEZONE);
  zones.add('UTC');
  return [...zones].sort().map((zone) => ({ value: zone, label: `${zone} (${offsetOf(zone, now)})` }));
}

function offsetOf(zone: string, at: Date) {
  const part = new Intl.DateTimeFormat('en-US', { timeZone: zone, timeZoneName: 'longOffset' })
    .formatToParts(at)
    .find((p) => p.type === 'timeZoneName')?.value;
  return !part || part === 'GMT' ? 'UTC+00:00' : part.replace('GMT', 'UTC');
}
