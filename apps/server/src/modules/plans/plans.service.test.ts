import { MESSAGES } from '@screenroom/shared/messages';
import { describe, expect, it } from 'vitest';
import { PlansService } from './plans.service';

const plans = new PlansService({ FREE: 1, PROFESSIONAL: 3 });

describe('plans', () => {
  it('treats a presenter without a known plan as FREE', () => {
    expect(plans.ruleSetOf({ ruleSet: 'FREE' })).toBe('FREE');
    expect(plans.ruleSetOf({ ruleSet: 'SOMETHING' as 'FREE' })).toBe('FREE');
    expect(plans.limitsOf({ ruleSet: 'PROFESSIONAL' })).toEqual({ videos: 3, watermark: true });
  });

  it('limits the number of screeners per plan', () => {
    expect(() => plans.assertCanAddVideo({ ruleSet: 'FREE' }, 0)).not.toThrow();
    expect(() => plans.assertCanAddVideo({ ruleSet: 'FREE' }, 1)).toThrow(MESSAGES.videoLimitReached(1));
    expect(() => plans.assertCanAddVideo({ ruleSet: 'PROFESSIONAL' }, 2)).not.toThrow();
    expect(() => plans.assertCanAddVideo({ ruleSet: 'PROFESSIONAL' }, 3)).toThrow(/Can not add the video/);
  });

  it('keeps watermarks for the Professional plan', () => {
    expect(() => plans.assertWatermarkAllowed({ ruleSet: 'FREE' })).toThrow(
      MESSAGES.watermarkProfessionalOnly,
    );
    expect(() => plans.assertWatermarkAllowed({ ruleSet: 'PROFESSIONAL' })).not.toThrow();
  });

  it('resolves the rule set from a grant or a paying Professional subscription', () => {
    const price = 'price_pro';
    const sub = (status: string, priceId = price) => ({ status, priceId });
    expect(plans.resolveRuleSet({ granted: false, subscription: null }, price)).toBe('FREE');
    expect(plans.resolveRuleSet({ granted: true, subscription: null }, price)).toBe('PROFESSIONAL');
    expect(plans.resolveRuleSet({ granted: true, subscription: null }, undefined)).toBe('PROFESSIONAL');
    for (const status of ['active', 'trialing', 'past_due'])
      expect(plans.resolveRuleSet({ granted: false, subscription: sub(status) }, price)).toBe('PROFESSIONAL');
    for (const status of ['canceled', 'unpaid', 'incomplete', 'incomplete_expired', 'paused'])
      expect(plans.resolveRuleSet({ granted: false, subscription: sub(status) }, price)).toBe('FREE');
    // A subscription to some other price does not give Professional.
    expect(plans.resolveRuleSet({ granted: false, subscription: sub('active', 'price_other') }, price)).toBe(
      'FREE',
    );
  });
});
