import { describe, expect, it } from 'vitest';
import { countryName } from './countries';

describe('countryName', () => {
  it('names a stored code in English, whatever its case', () => {
    expect(countryName('FR')).toBe('France');
    expect(countryName('jp')).toBe('Japan');
  });

  it('reads "Unknown" where the geo lookup could not tell, and never throws on a stray code', () => {
    expect(countryName('unknown')).toBe('Unknown');
    expect(countryName('')).toBe('Unknown');
    expect(countryName('not-a-region')).toBe('not-a-region');
  });
});
