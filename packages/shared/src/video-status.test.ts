import { describe, expect, it } from 'vitest';
import { videoStatusLabel } from './video-status';

describe('video status labels', () => {
  it('read as words, with the spec’s and our own names for two of them', () => {
    expect(videoStatusLabel('ready-to-use')).toBe('Unencrypted');
    expect(videoStatusLabel('uploaded-on-encoder')).toBe('Waiting to be encoded');
    expect(videoStatusLabel('encoding-in-progress')).toBe('Encoding in progress');
  });
});
