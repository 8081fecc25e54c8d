import { describe, expect, it } from 'vitest';
import { vimeoPlayerUrl } from './vimeo-player-url';

describe('vimeoPlayerUrl', () => {
  it('carries the privacy hash of a hidden film, and asks Vimeo not to track or decorate', () => {
    expect(vimeoPlayerUrl({ vimeo_id: '760002', vimeo_hash: 'a1b2c3' })).toBe(
      'https://player.vimeo.com/video/760002?h=a1b2c3&dnt=1&title=0&byline=0&portrait=0',
    );
    expect(vimeoPlayerUrl({ vimeo_id: '760001', vimeo_hash: null })).toBe(
      'https://player.vimeo.com/video/760001?dnt=1&title=0&byline=0&portrait=0',
    );
  });
});
