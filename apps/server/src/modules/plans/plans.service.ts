import type { RuleSet } from '@screenroom/shared/enums';
import { AppError } from '@screenroom/shared/errors';
import { MESSAGES } from '@screenroom/shared/messages';
import type { PresenterRow } from '../../db/schema/presenters';

export type PlanLimits = { videos: number; watermark: boolean };

/** What a presenter's plan rests on: an administrator's grant and/or a Stripe subscription. */
export type PlanHoldings = {
  granted: boolean;
  subscription: { status: string | null; priceId: string | null } | null;
};

/**
 * Stripe statuses that keep the plan: a trial, a paid period, or a failed renewal Stripe is still
 * retrying (past_due). canceled, unpaid, incomplete, incomplete_expired and paused end it.
 */
const PAYING_STATUSES = new Set(['active', 'trialing', 'past_due']);

/**
 * The one place where plans are enforced on the server. A presenter without a plan is FREE; the rule set
 * is kept on the presenter (billing webhooks and admins change it).
 */
export class PlansService {
  constructor(private readonly videoLimits: Record<RuleSet, number>) {}

  ruleSetOf(presenter: Pick<PresenterRow, 'ruleSet'>): RuleSet {
    return presenter.ruleSet === 'PROFESSIONAL' ? 'PROFESSIONAL' : 'FREE';
  }

  /** Whether a Stripe subscription status keeps the plan. */
  isPayingStatus(status: string | null | undefined) {
    return Boolean(status && PAYING_STATUSES.has(status));
  }

  /** Whether a subscription pays for Professional (its price is the configured Professional price). */
  isPayingSubscription(
    subscription: PlanHoldings['subscription'],
    professionalPriceId: string | undefined,
  ): boolean {
    if (!subscription || !professionalPriceId) return false;
    return this.isPayingStatus(subscription.status) && subscription.priceId === professionalPriceId;
  }

  /** The rule set a presenter's holdings give: PROFESSIONAL if granted or paid for, else FREE. */
  resolveRuleSet(holdings: PlanHoldings, professionalPriceId: string | undefined): RuleSet {
    return holdings.granted || this.isPayingSubscription(holdings.subscription, professionalPriceId)
      ? 'PROFESSIONAL'
      : 'FREE';
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
