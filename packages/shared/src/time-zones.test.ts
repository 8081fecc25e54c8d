import { describe, expect, it } from 'vitest';
import { currentZoneName, formerZoneName, isKnownTimeZone, timeZoneIds } from './time-zones';

describe('time zones', () => {
  it('offers each zone once, by its current name', () => {
    const ids = timeZoneIds();
    expect(ids).toContain('Asia/Kolkata');
    expect(ids).toContain('Europe/Kyiv');
    expect(ids).toContain('UTC');
    expect(ids).not.toContain('Asia/Calcutta');
    expect(new Set(ids).size).toBe(ids.length);
  });

  it('knows a renamed zone by either name, and no abbreviations', () => {
    expect(currentZoneName('Europe/Kiev')).toBe('Europe/Kyiv');
    expect(currentZoneName('Europe/Paris')).toBe('Europe/Paris');
    expect(formerZoneName('Asia/Ho_Chi_Minh')).toBe('Asia/Saigon');
    expect(isKnownTimeZone('Asia/Calcutta')).toBe(true);
    expect(isKnownTimeZone('Asia/Kolkata')).toBe(true);
    expect(isKnownTimeZone('EST')).toBe(false);
    expect(isKnownTimeZone('Mars/Olympus')).toBe(false);
  });
});
