import { countryName } from '@screenroom/shared/countries';
import { NO_VALUE } from './no-value';

/**
 * Where a visit came from. A visit the geo database could not place reads "Unknown": that is what we
 * learnt about it, not a field left empty, so every page (a link, a breakdown) writes it the same way.
 */
export const countryLabel = (code: string | null | undefined) => (code ? countryName(code) : 'Unknown');

/** A link's last visit's country; a link nobody has opened yet has none to tell (NO_VALUE). */
export const lastSeenCountry = (link: { country: string | null; last_active: string | null }) =>
  link.last_active ? countryLabel(link.country) : NO_VALUE;
