import { describe, expect, it } from 'vitest';
import { formatMinutes, formatPercent, formatTimeSpent } from './figures';

describe('analytics figures', () => {
  it('reads minutes, shares and time spent', () => {
    expect(formatMinutes(1.54)).toBe('1.5');
    expect(formatMinutes(0)).toBe('0');
    expect(formatMinutes(1234.4)).toBe('1,234');
    expect(formatPercent(0.456)).toBe('46%');
    expect(formatPercent(1.2)).toBe('100%');
    expect(formatTimeSpent(3725)).toBe('1 h 2 min');
    expect(formatTimeSpent(95)).toBe('1 min 35 s');
    expect(formatTimeSpent(120)).toBe('2 min');
    expect(formatTimeSpent(12)).toBe('12 s');
  });
});

describe('country labels', () => {
  it('name real codes and never throw on what the geo lookup could not tell', async () => {
    const { countryLabel } = await import('./components/session-meta');
    expect(countryLabel('FR')).toBe('France');
    expect(countryLabel('unknown')).toBe('Unknown');
    expect(countryLabel('')).toBe('Unknown');
    expect(countryLabel('XX-LOCAL')).toBe('XX-LOCAL');
  });
});
