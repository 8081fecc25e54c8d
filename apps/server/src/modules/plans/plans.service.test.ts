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
});
