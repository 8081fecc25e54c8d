import { describe, expect, it } from 'vitest';
import { viewerLabel } from './viewer-label';

const link = (over: Partial<Parameters<typeof viewerLabel>[0]>) => ({
  id: '0b9a4c1e-53f2-4d6a-9a57-1c2d3e4f5a6b',
  viewer_name: null,
  viewer_email: null,
  generated_by: 'invitation' as const,
  ...over,
});

describe('viewerLabel', () => {
  it('names a viewer by name, else by e-mail', () => {
    expect(viewerLabel(link({ viewer_name: 'Lea', viewer_email: 'lea@fest.org' }))).toBe('Lea');
    expect(viewerLabel(link({ viewer_name: '', viewer_email: 'lea@fest.org' }))).toBe('lea@fest.org');
  });

  it('tells two anonymous viewers apart by a code from their link', () => {
    const one = viewerLabel(link({ generated_by: 'magic_link' }));
    const two = viewerLabel(link({ generated_by: 'magic_link', id: '0b9a4c1e-53f2-4d6a-9a57-1c2d3e4f77c0' }));
    expect(one).toBe('Anonymous viewer 5A6B');
    expect(two).toBe('Anonymous viewer 77C0');
  });

  it('says so when a named link has no name', () => {
    expect(viewerLabel(link({ generated_by: 'access_url' }))).toBe('Unnamed viewer');
  });
});
