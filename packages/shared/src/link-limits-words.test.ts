import { describe, expect, it } from 'vitest';
import { countryInSentence } from './countries';
import { linkLimitsInWords } from './link-limits-words';

const geoItems = (type: 'allow' | 'block', countries: string[]) =>
  linkLimitsInWords({ usageLimit: null, endsAt: null, timeZone: 'UTC', geo: { type, countries } })?.items;

describe('countries in a sentence', () => {
  it('gives the names that take it in English their "the"', () => {
    const cases: Array<[string, string]> = [
      ['US', 'the United States'],
      ['GB', 'the United Kingdom'],
      ['NL', 'the Netherlands'],
      ['PH', 'the Philippines'],
      ['DO', 'the Dominican Republic'],
      ['CF', 'the Central African Republic'],
      ['AE', 'the United Arab Emirates'],
      ['BS', 'the Bahamas'],
      ['GM', 'the Gambia'],
      ['MV', 'the Maldives'],
      ['MH', 'the Marshall Islands'],
      ['SB', 'the Solomon Islands'],
      ['KM', 'the Comoros'],
      ['SC', 'the Seychelles'],
      ['VA', 'the Vatican City'],
      ['KY', 'the Cayman Islands'],
    ];
    for (const [code, name] of cases) expect(countryInSentence(code)).toBe(name);
  });

  it('leaves the others bare, whatever case the code comes in', () => {
    expect(countryInSentence('FR')).toBe('France');
    expect(countryInSentence('cz')).toBe('Czechia');
    expect(countryInSentence('NE')).toBe('Niger');
    expect(countryInSentence('us')).toBe('the United States');
  });
});

describe('a link’s countries as the invitation mail says them', () => {
  it('says "everywhere but the United States"', () => {
    expect(geoItems('block', ['US'])).toEqual(['everywhere but the United States']);
  });

  it('says "only in the United Kingdom and the Netherlands" and keeps others bare', () => {
    expect(geoItems('allow', ['FR', 'GB', 'NL'])).toEqual([
      'only in France, the United Kingdom and the Netherlands',
    ]);
  });
});
