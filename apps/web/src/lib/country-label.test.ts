import { describe, expect, it } from 'vitest';
import { countryLabel, lastSeenCountry } from './country-label';
import { NO_VALUE } from './no-value';

describe('a country as the pages write it', () => {
  it('is the country’s name when the geo database placed the visit', () => {
    expect(countryLabel('FR')).toBe('France');
    expect(lastSeenCountry({ country: 'FR', last_active: '2026-11-26T09:00:00.000Z' })).toBe('France');
  });

  it('is "Unknown" for a visit the geo database could not place, on a link as in a breakdown', () => {
    expect(countryLabel(null)).toBe('Unknown');
    expect(lastSeenCountry({ country: null, last_active: '2026-11-26T09:00:00.000Z' })).toBe('Unknown');
  });

  it('is missing for a link nobody has opened yet', () => {
    expect(lastSeenCountry({ country: null, last_active: null })).toBe(NO_VALUE);
  });
});
