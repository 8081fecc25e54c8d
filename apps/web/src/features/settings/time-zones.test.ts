import { describe, expect, it } from 'vitest';
import { timeZoneOptions } from './time-zones';

describe('timeZoneOptions', () => {
  it('lists the default and common zones with their offset, sorted', () => {
    const options = timeZoneOptions(new Date('2026-01-15T12:00:00Z'));
    expect(options.find((o) => o.value === 'Asia/Tokyo')?.label).toBe('Asia/Tokyo (UTC+09:00)');
    expect(options.find((o) => o.value === 'UTC')?.label).toBe('UTC (UTC+00:00)');
    expect(options.find((o) => o.value === 'Europe/Paris')?.label).toBe('Europe/Paris (UTC+01:00)');
    const values = options.map((o) => o.value);
    expect(values).toEqual([...values].sort());
    expect(new Set(values).size).toBe(values.length);
  });
});
