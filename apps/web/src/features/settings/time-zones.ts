import type { OptionsFilter } from '@mantine/core';
import { DEFAULT_TIMEZONE } from '@screenroom/shared/enums';
import { formerZoneName, isKnownTimeZone, timeZoneIds } from '@screenroom/shared/time-zones';

/**
 * Every IANA time zone the browser knows, by its current name, with its current UTC offset, e.g.
 * "America/New York (UTC-05:00)": names read with spaces, as people type them, where the zone's id has
 * underscores. `saved` (a presenter's zone) is offered even if this browser does not list it.
 */
export function timeZoneOptions(now = new Date(), saved?: string) {
  const zones = new Set(timeZoneIds());
  zones.add(DEFAULT_TIMEZONE);
  if (saved && !isKnownTimeZone(saved)) zones.add(saved);
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

/** Finds "New York", "new_york" and "São Paulo" alike, and a renamed zone by its former name too. */
export const timeZoneFilter: OptionsFilter = ({ options, search, limit }) => {
  const query = searchable(search.trim());
  const matches = (o: { value: string; label: string }) =>
    searchable(o.label).includes(query) || searchable(formerZoneName(o.value) ?? '').includes(query);
  return options.filter((o) => !('group' in o) && matches(o)).slice(0, limit);
};
