import { VIDEO_STATUSES } from '@screenroom/shared/enums';
import { describe, expect, it } from 'vitest';
import { assertTransition, canTransition, TRANSITIONS } from './video-status-machine';

describe('the video status machine', () => {
  it('knows every status of the specification', () => {
    expect(Object.keys(TRANSITIONS).sort()).toEqual([...VIDEO_STATUSES].sort());
    for (const targets of Object.values(TRANSITIONS)) {
      for (const target of targets) expect(VIDEO_STATUSES).toContain(target);
    }
  });

  it('walks our pipeline from upload to encrypted streams', () => {
    const path = [
      'created',
      'uploaded-on-encoder',
      'transcoding',
      'encoding-in-progress',
      'encoding-completed',
      'ready-to-use',
      'ready-to-encrypt',
      'encryption-in-progress',
      'ready-keys-for-cloud-upload',
      'keys-uploading-to-cloud',
      'ready-streams-for-cloud-upload',
      'streams-uploading-to-cloud',
      'encryption-completed',
    ] as const;
    for (let i = 1; i < path.length; i++) expect(canTransition(path[i - 1]!, path[i]!)).toBe(true);
  });

  it('retries failures from the start of their step only', () => {
    expect(canTransition('encoding-failed', 'transcoding')).toBe(true);
    expect(canTransition('encryption-failed', 'ready-to-encrypt')).toBe(true);
    expect(canTransition('encoding-failed', 'ready-to-use')).toBe(false);
  });

  it('refuses illegal changes with a 409', () => {
    expect(() => assertTransition('created', 'encryption-completed')).toThrow(
      expect.objectContaining({ status: 409 }),
    );
    expect(() => assertTransition('encryption-completed', 'transcoding')).toThrow(/cannot go from/);
  });
});
