import { describe, expect, it } from 'vitest';
import { parseWatchRoute } from './watch-route';

describe('parseWatchRoute', () => {
  it('reads tracking links and anonymous links', () => {
    expect(parseWatchRoute('/watch/AbC123_-x')).toEqual({ kind: 'link', token: 'AbC123_-x' });
    expect(parseWatchRoute('/watch/AbC123/')).toEqual({ kind: 'link', token: 'AbC123' });
    expect(parseWatchRoute('/watch/a/XY12')).toEqual({ kind: 'anonymous', code: 'XY12' });
  });

  it('drops the punctuation a link picks up when copied from a sentence', () => {
    expect(parseWatchRoute('/watch/AbC123_-x.')).toEqual({ kind: 'link', token: 'AbC123_-x' });
    expect(parseWatchRoute('/watch/AbC123)')).toEqual({ kind: 'link', token: 'AbC123' });
    expect(parseWatchRoute('/watch/AbC123%E2%80%9D,')).toEqual({ kind: 'link', token: 'AbC123' });
    expect(parseWatchRoute('/watch/a/XY12).')).toEqual({ kind: 'anonymous', code: 'XY12' });
    expect(parseWatchRoute('/watch/%E0%A4%A')).toEqual({ kind: 'link', token: '%E0%A4%A' });
  });

  it('names nothing for other paths', () => {
    expect(parseWatchRoute('/watch')).toEqual({ kind: 'none' });
    expect(parseWatchRoute('/watch/a')).toEqual({ kind: 'link', token: 'a' });
    expect(parseWatchRoute('/watch/a/b/c')).toEqual({ kind: 'none' });
    expect(parseWatchRoute('/screeners/x')).toEqual({ kind: 'none' });
  });
});
