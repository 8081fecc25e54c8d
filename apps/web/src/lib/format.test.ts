import { describe, expect, it } from 'vitest';
import { formatDuration } from './duration';
import { formatBytes, formatDateTime } from './format';

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
  });
});
