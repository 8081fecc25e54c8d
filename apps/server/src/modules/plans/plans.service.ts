import type { RuleSet } from '@screenroom/shared/enums';
import { AppError } from '@screenroom/shared/errors';
import { MESSAGES } from '@screenroom/shared/messages';
import type { PresenterRow } from '../../db/schema/presenters';

export type PlanLimits = { videos: number; watermark: boolean };

/**
 * The one place where plans are enforced on the server. A presenter without a plan is FREE; the rule set
 * is kept on the presenter (billing webhooks and admins change it).
 */
export class PlansService {
  constructor(private readonly videoLimits: Record<RuleSet, number>) {}

  ruleSetOf(presenter: Pick<PresenterRow, 'ruleSet'>): RuleSet {
    return presenter.ruleSet === 'PROFESSIONAL' ? 'PROFESSIONAL' : 'FREE';
  }

  limitsOf(presenter: Pick<PresenterRow, 'ruleSet'>): PlanLimits {
    const ruleSet = this.ruleSetOf(presenter);
    return { videos: this.videoLimits[ruleSet], watermark: ruleSet === 'PROFESSIONAL' };
  }

  /** `countedVideos`: the presenter's screeners that count toward the plan (sample films excluded). */
  assertCanAddVideo(presenter: Pick<PresenterRow, 'ruleSet'>, countedVideos: number) {
    const { videos } = this.limitsOf(presenter);
    if (countedVideos >= videos) throw new AppError('FORBIDDEN', MESSAGES.videoLimitReached(videos));
  }

  assertWatermarkAllowed(presenter: Pick<PresenterRow, 'ruleSet'>) {
    if (!this.limitsOf(presenter).watermark)
      throw new AppError('FORBIDDEN', MESSAGES.watermarkProfessionalOnly);
  }
}
