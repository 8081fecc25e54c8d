import { describe, expect, it } from 'vitest';
import { defaultInvitation, VIEWER_NAME_PLACEHOLDER, withViewerName } from './invitation';

describe('the default invitation', () => {
  it('names the film and the presenter in its subject', () => {
    expect(defaultInvitation({ title: 'Night Train', presenterName: 'Pat' }).subject).toBe(
      'Pat invites you to watch “Night Train”',
    );
  });

  it('keeps its subject within the 200 characters an invitation may have', () => {
    const { subject } = defaultInvitation({ title: 'T'.repeat(200), presenterName: 'P'.repeat(100) });
    expect(subject).toHaveLength(200);
    expect(subject).toMatch(/^P+… invites you to watch “T+…”$/);
  });
});

describe('the viewer’s name in an invitation', () => {
  const { content } = defaultInvitation({ title: 'Night Train', presenterName: 'Pat' });

  it('greets each viewer by name, and a viewer known by address only without a gap', () => {
    expect(content.startsWith(`Hello ${VIEWER_NAME_PLACEHOLDER},`)).toBe(true);
    expect(withViewerName(content, 'Lea Brandt').startsWith('Hello Lea Brandt,\n')).toBe(true);
    expect(withViewerName(content, null).startsWith('Hello,\n')).toBe(true);
    expect(withViewerName(`Dear ${VIEWER_NAME_PLACEHOLDER}: x`, null)).toBe('Dear: x');
    expect(withViewerName(`${VIEWER_NAME_PLACEHOLDER}, hi`, null)).toBe(', hi');
  });
});
