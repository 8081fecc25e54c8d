import { describe, expect, it } from 'vitest';
import { defaultInvitation } from './invitation';

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
