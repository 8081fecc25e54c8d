import type { OptionsFilter } from '@mantine/core';
import { DEFAULT_TIMEZONE } from '@screenroom/shared/enums';

/**
 * Every IANA time zone the browser knows, with its current UTC offset, e.g. "America/New York (UTC-05:00)":
 * names read with spaces, as people type them, where the zone's id has underscores.
 */
export function timeZoneOptions(now = new Date()) {
  const zones = new Set(Intl.supportedValuesOf('timeZone'));
  zones.add(DEFAULT_TIMEZONE);
  zones.add('UTC');
  return [...zones]
    .sort()
    .map((zone) => ({ value: zone, label: `${zone.replaceAll('_', ' ')} (${offsetOf(zone, now)})` }));
}

function offsetOf(zone: string, at: Date) {
  const part = new Intl.DateTimeFormat('en-US', { timeZone: zone, timeZoneName: 'longOffset' })
    .formatToParts(at)
    .find((p) => p.type === 'timeZoneName')?.value;
  return !part || part === 'GMT' ? 'UTC+00:00' : part.replace('GMT', 'UTC');
}

/** Lower case, accents dropped ("São" → "sao"), underscores as spaces. */
const searchable = (text: string) =>
  text
    .normalize('NFD')
    .replace(/\p{Diacritic}/gu, '')
    .replaceAll('_', ' ')
    .toLowerCase();

/** Finds "New York", "new_york" and "São Paulo" alike. */
export const timeZoneFilter: OptionsFilter = ({ options, search, limit }) => {
  const query = searchable(search.trim());
  return options.filter((o) => !('group' in o) && searchable(o.label).includes(query)).slice(0, limit);
};
