// Plain functions (no zod), for the web app's picker and the schemas alike.

/**
 * Zones IANA renamed that ICU (Chrome's and Node's time-zone list) still gives under the old name: the
 * picker showed "Calcutta" and "Kiev", and a browser that reports "Asia/Kolkata" (Firefox, Safari)
 * saved a zone the picker could not show.
 */
const RENAMED: Record<string, string> = {
  'Africa/Asmera': 'Africa/Asmara',
  'America/Buenos_Aires': 'America/Argentina/Buenos_Aires',
  'America/Catamarca': 'America/Argentina/Catamarca',
  'America/Coral_Harbour': 'America/Atikokan',
  'America/Cordoba': 'America/Argentina/Cordoba',
  'America/Godthab': 'America/Nuuk',
  'America/Indianapolis': 'America/Indiana/Indianapolis',
  'America/Jujuy': 'America/Argentina/Jujuy',
  'America/Louisville': 'America/Kentucky/Louisville',
  'America/Mendoza': 'America/Argentina/Mendoza',
  'Asia/Calcutta': 'Asia/Kolkata',
  'Asia/Katmandu': 'Asia/Kathmandu',
  'Asia/Rangoon': 'Asia/Yangon',
  'Asia/Saigon': 'Asia/Ho_Chi_Minh',
  'Atlantic/Faeroe': 'Atlantic/Faroe',
  'Europe/Kiev': 'Europe/Kyiv',
  'Pacific/Enderbury': 'Pacific/Kanton',
  'Pacific/Ponape': 'Pacific/Pohnpei',
  'Pacific/Truk': 'Pacific/Chuuk',
};

const FORMER = Object.fromEntries(Object.entries(RENAMED).map(([old, current]) => [current, old]));

/** A zone under its current name ('Asia/Calcutta' → 'Asia/Kolkata'); others as they are. */
export const currentZoneName = (zone: string) => RENAMED[zone] ?? zone;

/** The name a zone had before IANA renamed it, if it had one (so "Calcutta" still finds Kolkata). */
export const formerZoneName = (zone: string): string | undefined => FORMER[zone];

let known: Set<string> | undefined;
const knownZones = () => {
  known ??= new Set([...Intl.supportedValuesOf('timeZone').map(currentZoneName), 'UTC']);
  return known;
};

/** Every time zone offered, by its current name: the runtime's list and UTC. */
export const timeZoneIds = (): string[] => [...knownZones()].sort();

/** One of the zones offered, under any of its names. */
export const isKnownTimeZone = (zone: string) => knownZones().has(currentZoneName(zone));
