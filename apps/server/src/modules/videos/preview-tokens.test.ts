import { describe, expect, it } from 'vitest';
import { PreviewTokens } from './preview-tokens';

const tokens = new PreviewTokens('a-secret-of-at-least-thirty-two-characters');

describe('preview tokens', () => {
  it('name the presenter, the sign-in and the very millisecond they were issued', async () => {
    const before = Date.now();
    const { token } = await tokens.sign('presenter-1', 'sign-in-1', 'film-1', 3600);
    const after = Date.now();
    const claims = await tokens.verify(token, 'film-1');
    expect(claims).toMatchObject({ presenterId: 'presenter-1', authSessionId: 'sign-in-1' });
    expect(claims!.issuedAt.getTime()).toBeGreaterThanOrEqual(before);
    expect(claims!.issuedAt.getTime()).toBeLessThanOrEqual(after);
  });

  it('work for their own film only, and not once expired', async () => {
    const { token } = await tokens.sign('presenter-1', 'sign-in-1', 'film-1', 3600);
    expect(await tokens.verify(token, 'film-2')).toBeNull();
    const { token: lapsed } = await tokens.sign('presenter-1', 'sign-in-1', 'film-1', -10);
    expect(await tokens.verify(lapsed, 'film-1')).toBeNull();
    expect(await tokens.verify(`${token}x`, 'film-1')).toBeNull();
  });
});
