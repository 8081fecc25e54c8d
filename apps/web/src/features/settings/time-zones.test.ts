import type { ComboboxItem } from '@mantine/core';
import { describe, expect, it } from 'vitest';
import { timeZoneFilter, timeZoneOptions } from './time-zones';

describe('timeZoneOptions', () => {
  it('offers a presenter’s saved zone even where the browser does not list it, each zone once', () => {
    const values = (saved: string) =>
      timeZoneOptions(new Date('2026-01-15T12:00:00Z'), saved).map((o) => o.value);
    expect(values('US/Eastern')).toContain('US/Eastern');
    expect(values('Asia/Calcutta')).not.toContain('Asia/Calcutta'); // it is Asia/Kolkata, listed
  });

  it('lists the default and common zones with their offset, sorted', () => {
    const options = timeZoneOptions(new Date('2026-01-15T12:00:00Z'));
    expect(options.find((o) => o.value === 'Asia/Tokyo')?.label).toBe('Asia/Tokyo (UTC+09:00)');
    expect(options.find((o) => o.value === 'UTC')?.label).toBe('UTC (UTC+00:00)');
    expect(options.find((o) => o.value === 'Europe/Paris')?.label).toBe('Europe/Paris (UTC+01:00)');
    const values = options.map((o) => o.value);
    expect(values).toEqual([...values].sort());
    expect(new Set(values).size).toBe(values.length);
  });

  it('names zones with spaces, keeping the id as the value', () => {
    const options = timeZoneOptions(new Date('2026-01-15T12:00:00Z'));
    expect(options.find((o) => o.value === 'America/New_York')?.label).toBe('America/New York (UTC-05:00)');
  });
});

describe('timeZoneFilter', () => {
  const options = timeZoneOptions(new Date('2026-01-15T12:00:00Z'));
  const find = (search: string) =>
    (timeZoneFilter({ options, search, limit: Number.POSITIVE_INFINITY }) as ComboboxItem[]).map(
      (o) => o.value,
    );

  it('finds zones by their name as people write it', () => {
    expect(find('New York')).toEqual(['America/New_York']);
    expect(find('new_york')).toEqual(['America/New_York']);
    expect(find('  los angeles ')).toEqual(['America/Los_Angeles']);
    expect(find('Sao Paulo')).toEqual(['America/Sao_Paulo']);
    expect(find('São Paulo')).toEqual(['America/Sao_Paulo']);
    expect(find('tokyo')).toEqual(['Asia/Tokyo']);
  });

  it('finds a renamed zone by its current name and its former one', () => {
    expect(find('Kolkata')).toEqual(['Asia/Kolkata']);
    expect(find('Calcutta')).toEqual(['Asia/Kolkata']);
    expect(find('Kyiv')).toEqual(['Europe/Kyiv']);
    expect(find('Kiev')).toEqual(['Europe/Kyiv']);
  });

  it('keeps everything for an empty search and honours the limit', () => {
    expect(find('')).toHaveLength(options.length);
    expect(timeZoneFilter({ options, search: 'america', limit: 3 })).toHaveLength(3);
  });
});
