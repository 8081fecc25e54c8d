import { describe, expect, it } from 'vitest';
import { dayBounds, fromWallClock, todayIn, toWallClock } from './zoned-time';

describe('wall clocks in the presenter’s time zone', () => {
  it('shows an instant as the zone’s wall clock, whatever the browser’s zone', () => {
    expect(toWallClock('2026-12-01T12:00:00Z', 'Asia/Tokyo')).toBe('2026-12-01 21:00:00');
    expect(toWallClock('2026-12-01T12:00:00Z', 'America/New_York')).toBe('2026-12-01 07:00:00');
    expect(toWallClock('2026-07-01T12:00:00Z', 'America/New_York')).toBe('2026-07-01 08:00:00');
    expect(toWallClock(new Date('2026-12-01T23:30:00Z'), 'Asia/Tokyo')).toBe('2026-12-02 08:30:00');
  });

  it('reads a picked wall clock in the zone', () => {
    expect(fromWallClock('2026-12-01 18:00:00', 'Asia/Tokyo')).toBe('2026-12-01T09:00:00.000Z');
    expect(fromWallClock('2026-12-01 18:00', 'America/New_York')).toBe('2026-12-01T23:00:00.000Z');
    expect(fromWallClock('2026-07-01 18:00:00', 'America/New_York')).toBe('2026-07-01T22:00:00.000Z');
  });

  it('round-trips', () => {
    for (const tz of ['Asia/Tokyo', 'America/New_York', 'Europe/Paris', 'UTC']) {
      const iso = '2026-10-25T12:45:00.000Z';
      expect(fromWallClock(toWallClock(iso, tz), tz)).toBe(iso);
    }
  });

  it('moves a time skipped by DST forward and takes the second of a repeated one', () => {
    expect(fromWallClock('2026-03-08 02:30:00', 'America/New_York')).toBe('2026-03-08T07:30:00.000Z');
    expect(fromWallClock('2026-03-08 03:30:00', 'America/New_York')).toBe('2026-03-08T07:30:00.000Z');
    expect(fromWallClock('2026-11-01 01:30:00', 'America/New_York')).toBe('2026-11-01T06:30:00.000Z');
  });
});

describe('days in the presenter’s time zone', () => {
  it('spans the zone’s day, 23 or 25 hours on DST days', () => {
    expect(dayBounds('2026-12-01', 'Asia/Tokyo')).toEqual({
      from: '2026-11-30T15:00:00.000Z',
      to: '2026-12-01T14:59:59.999Z',
    });
    expect(dayBounds('2026-03-08', 'America/New_York')).toEqual({
      from: '2026-03-08T05:00:00.000Z',
      to: '2026-03-09T03:59:59.999Z',
    });
    expect(dayBounds('2026-11-01', 'America/New_York')).toEqual({
      from: '2026-11-01T04:00:00.000Z',
      to: '2026-11-02T04:59:59.999Z',
    });
  });

  it('knows today there', () => {
    const now = new Date('2026-12-01T20:00:00Z');
    expect(todayIn('Asia/Tokyo', now)).toBe('2026-12-02');
    expect(todayIn('America/New_York', now)).toBe('2026-12-01');
  });
});
