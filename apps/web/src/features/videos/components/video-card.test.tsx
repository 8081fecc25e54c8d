import { describe, expect, it } from 'vitest';
import { howAdded } from './video-card';

describe('how a film came into the library', () => {
  const now = new Date(Date.now() - 90_000).toISOString();

  // "Sample a minute ago" read as a broken sentence beside "Uploaded a minute ago".
  it('reads as a sentence for every kind of film', () => {
    expect(howAdded('sample', now)).toBe('Sample film, added 2 minutes ago');
    expect(howAdded('upload', now)).toBe('Uploaded 2 minutes ago');
    expect(howAdded('vimeo', now)).toBe('Imported from Vimeo 2 minutes ago');
  });
});
