import { describe, expect, it } from 'vitest';
import { formatDuration } from './duration';
import {
  folded,
  formatBytes,
  formatDateTime,
  formatEnd,
  formatInZone,
  formatPercent,
  formatTimeSpent,
  formatWatched,
  fromNow,
  linkWatched,
} from './format';

describe('formatting', () => {
  it('durations', () => {
    expect(formatDuration(0)).toBe('0:00');
    expect(formatDuration(83)).toBe('1:23');
    expect(formatDuration(3723)).toBe('1:02:03');
    expect(formatDuration(null)).toBe('–');
  });

  it('sizes', () => {
    expect(formatBytes(512)).toBe('512 B');
    expect(formatBytes(1536)).toBe('1.5 KB');
    expect(formatBytes(5 * 1024 ** 3)).toBe('5.0 GB');
  });

  it('dates in the presenter’s time zone', () => {
    expect(formatDateTime('2026-03-12T05:05:00Z', 'Asia/Tokyo')).toBe('12 Mar 2026, 14:05');
    expect(formatDateTime('2026-03-12T05:05:00Z', 'Europe/Paris')).toBe('12 Mar 2026, 06:05');
    expect(formatInZone('2026-12-01T12:00:05.123Z', 'Asia/Tokyo', 'MMM D, HH:mm:ss.SSS')).toBe(
      'Dec 1, 21:00:05.123',
    );
  });
});

describe('analytics figures', () => {
  it('reads minutes, shares and time spent', () => {
    expect(formatWatched(0.23)).toBe('14 s');
    expect(formatWatched(1.54)).toBe('1 min 32 s');
    expect(formatWatched(0)).toBe('0 s');
    expect(formatWatched(1234.4)).toBe('20 h 34 min');
    expect(formatPercent(0.456)).toBe('46%');
    expect(formatPercent(1.2)).toBe('100%');
    expect(formatTimeSpent(3725)).toBe('1 h 2 min');
    expect(formatTimeSpent(95)).toBe('1 min 35 s');
    expect(formatTimeSpent(120)).toBe('2 min');
    expect(formatTimeSpent(12)).toBe('12 s');
  });
});

describe('a link’s watched time', () => {
  it('is the empty mark before anyone opened the link, as its country and device are', () => {
    expect(linkWatched({ sessions: 0, watched_minutes: 0 })).toBe('–');
  });

  it('is a time, even a nil one, once someone opened it', () => {
    expect(linkWatched({ sessions: 1, watched_minutes: 0 })).toBe('0 s');
    expect(linkWatched({ sessions: 2, watched_minutes: 1.5 })).toBe('1 min 30 s');
  });
});

describe('formatEnd', () => {
  it('gives the time alone when the end falls on the start’s day in the presenter’s zone, else the date', () => {
    expect(formatEnd('2026-03-01T05:30:00Z', '2026-03-01T05:00:00Z', 'Asia/Tokyo')).toBe('14:30');
    expect(formatEnd('2026-03-01T15:30:00Z', '2026-03-01T14:00:00Z', 'Asia/Tokyo')).toBe('2 Mar 2026, 00:30');
    expect(formatEnd(null, '2026-03-01T05:00:00Z', 'Asia/Tokyo')).toBe('–');
  });
});

describe('search text', () => {
  it('ignores case and accents', () => {
    expect(folded('Ünïcödé Film')).toBe('unicode film');
    expect(folded('Ünïcödé Film').includes(folded('UNICODE'))).toBe(true);
  });
});

describe('fromNow', () => {
  it('reads a moment a little ahead of this clock as now, not in the future', () => {
    const ahead = new Date(Date.now() + 40_000).toISOString();
    expect(fromNow(ahead)).toBe('a few seconds ago');
    expect(fromNow(new Date(Date.now() - 5 * 60_000).toISOString())).toBe('5 minutes ago');
  });
});
