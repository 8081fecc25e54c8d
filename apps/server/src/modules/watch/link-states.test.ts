import { describe, expect, it } from 'vitest';
import type { TrackingLinkRow } from '../../db/schema/tracking-links';
import { LinkStates } from './link-states';

const link = (id: string, anonymousLinkId: string | null = null) =>
  ({ id, status: 'active', anonymousLinkId }) as TrackingLinkRow;

describe('the links’ states kept for the events route', () => {
  it('trusts a state for its time only, and forgets a changed link at once', () => {
    let now = 0;
    const states = new LinkStates(30_000, () => now);
    states.remember(states.mark(), { link: link('a'), anonymous: null });
    expect(states.recall('a')?.link.id).toBe('a');
    now = 30_001;
    expect(states.recall('a')).toBeUndefined();
    states.remember(states.mark(), { link: link('a'), anonymous: null });
    states.forgetLink('a');
    expect(states.recall('a')).toBeUndefined();
  });

  it('does not keep a state read before a change it did not see', () => {
    const states = new LinkStates();
    const mark = states.mark();
    states.forgetLink('a'); // revoked while the read was on its way
    states.remember(mark, { link: link('a'), anonymous: null });
    expect(states.recall('a')).toBeUndefined();
  });

  it('forgets the viewers’ links of an anonymous link that changed', () => {
    const states = new LinkStates();
    states.remember(states.mark(), { link: link('a', 'anon-1'), anonymous: null });
    states.remember(states.mark(), { link: link('b', 'anon-2'), anonymous: null });
    states.forgetAnonymous('anon-1');
    expect(states.recall('a')).toBeUndefined();
    expect(states.recall('b')?.link.id).toBe('b');
  });
});
