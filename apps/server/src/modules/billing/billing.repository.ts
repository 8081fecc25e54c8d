import type { RuleSet } from '@screenroom/shared/enums';
import { and, count, eq, lt, ne } from 'drizzle-orm';
import type { Database } from '../../db/client';
import {
  type BillingAccountRow,
  billingAccounts,
  planGrants,
  planRequests,
  stripeEvents,
} from '../../db/schema/billing';
import { type PresenterRow, presenters } from '../../db/schema/presenters';
import { trackingLinks } from '../../db/schema/tracking-links';
import { videos } from '../../db/schema/videos';

/** A subscription as one Stripe event describes it. */
export type SubscriptionSnapshot = {
  subscriptionId: string;
  customerId: string;
  status: string;
  priceId: string | null;
  currentPeriodEnd: Date | null;
  cancelAtPeriodEnd: boolean;
  /** Our presenter id, from the subscription's metadata (set at checkout). */
  presenterId: string | null;
};

export type StripeEventRef = { id: string; type: string; createdAt: Date };

export type ApplyOutcome =
  | { kind: 'replayed' }
  | { kind: 'unknown-customer' }
  | { kind: 'stale'; presenterId: string }
  | { kind: 'ignored-other-subscription'; presenterId: string }
  | { kind: 'applied'; presenterId: string };

export class BillingRepository {
  constructor(private readonly db: Database) {}

  async findAccount(presenterId: string) {
    const [row] = await this.db
      .select()
      .from(billingAccounts)
      .where(eq(billingAccounts.presenterId, presenterId));
    return row;
  }

  /** Links a Stripe customer to the presenter, or returns the link a concurrent request made first. */
  async linkCustomer(presenterId: string, stripeCustomerId: string) {
    const [created] = await this.db
      .insert(billingAccounts)
      .values({ presenterId, stripeCustomerId })
      .onConflictDoNothing()
      .returning();
    return created ?? (await this.findAccount(presenterId))!;
  }

  /**
   * Writes the plan `resolve` makes of the presenter's holdings (their billing account and grant) as
   * stored, with the presenter's row locked first: recomputations run one at a time per presenter, on
   * any server, and each reads the holdings after the one before it wrote, so the last one writes the
   * plan of every change stored. Undefined when the presenter does not exist.
   */
  async syncRuleSet(
    presenterId: string,
    resolve: (holdings: { account: BillingAccountRow | undefined; granted: boolean }) => RuleSet,
  ): Promise<{ presenter: PresenterRow; changed: boolean } | undefined> {
    return this.db.transaction(async (tx) => {
      const [presenter] = await tx
        .select()
        .from(presenters)
        .where(eq(presenters.id, presenterId))
        .for('no key update');
      if (!presenter) return undefined;
      const [account] = await tx
        .select()
        .from(billingAccounts)
        .where(eq(billingAccounts.presenterId, presenterId));
      const [grant] = await tx
        .select({ presenterId: planGrants.presenterId })
        .from(planGrants)
        .where(eq(planGrants.presenterId, presenterId));
      const ruleSet = resolve({ account, granted: Boolean(grant) });
      if (presenter.ruleSet === ruleSet) return { presenter, changed: false };
      const [updated] = await tx
        .update(presenters)
        .set({ ruleSet })
        .where(eq(presenters.id, presenterId))
        .returning();
      return { presenter: updated!, changed: true };
    });
  }

  async isGranted(presenterId: string) {
    const [row] = await this.db.select().from(planGrants).where(eq(planGrants.presenterId, presenterId));
    return Boolean(row);
  }

  async grant(presenterId: string, by: { id: string; email: string }) {
    await this.db
      .insert(planGrants)
      .values({ presenterId, grantedById: by.id, grantedByEmail: by.email })
      .onConflictDoNothing();
  }

  async lastPlanRequest(presenterId: string) {
    const [row] = await this.db.select().from(planRequests).where(eq(planRequests.presenterId, presenterId));
    return row?.requestedAt ?? null;
  }

  /**
   * Records a request for Professional unless one was made since `notBefore`; the moment recorded, or
   * null when an earlier request still stands (so two clicks at once mail the administrators once).
   */
  async recordPlanRequest(presenterId: string, at: Date, notBefore: Date) {
    const [row] = await this.db
      .insert(planRequests)
      .values({ presenterId, requestedAt: at })
      .onConflictDoUpdate({
        target: planRequests.presenterId,
        set: { requestedAt: at },
        setWhere: lt(planRequests.requestedAt, notBefore),
      })
      .returning({ requestedAt: planRequests.requestedAt });
    return row?.requestedAt ?? null;
  }

  async forgetPlanRequest(presenterId: string) {
    await this.db.delete(planRequests).where(eq(planRequests.presenterId, presenterId));
  }

  async revokeGrant(presenterId: string) {
    await this.db.delete(planGrants).where(eq(planGrants.presenterId, presenterId));
  }

  /** Films that count toward the plan (the sample does not) and viewers' tracking links, for display. */
  async usageOf(presenterId: string) {
    const [[films], [links]] = await Promise.all([
      this.db
        .select({ value: count() })
        .from(videos)
        .where(and(eq(videos.presenterId, presenterId), ne(videos.type, 'sample'))),
      this.db
        .select({ value: count() })
        .from(trackingLinks)
        // The presenter's own preview links are not viewers: the film screens leave them out too.
        .where(and(eq(trackingLinks.presenterId, presenterId), ne(trackingLinks.generatedBy, 'preview'))),
    ]);
    return { videos: films?.value ?? 0, trackingLinks: links?.value ?? 0 };
  }

  /**
   * Applies one subscription event exactly once, in one transaction: the event id is recorded first, so
   * a replay finds it and changes nothing; an event older than the last applied one (Stripe does not
   * promise order) is recorded but not applied.
   */
  async applySubscriptionEvent(
    event: StripeEventRef,
    sub: SubscriptionSnapshot,
    isPaying: (status: string | null) => boolean,
  ): Promise<ApplyOutcome> {
    return this.db.transaction(async (tx) => {
      const [fresh] = await tx
        .insert(stripeEvents)
        .values({ id: event.id, type: event.type, createdAt: event.createdAt })
        .onConflictDoNothing()
        .returning({ id: stripeEvents.id });
      if (!fresh) return { kind: 'replayed' };

      let [account] = await tx
        .select()
        .from(billingAccounts)
        .where(eq(billingAccounts.stripeCustomerId, sub.customerId))
        .for('update');
      if (!account && sub.presenterId) {
        // A customer made outside our checkout (e.g. in the Stripe dashboard) but tagged with our id.
        [account] = await tx
          .insert(billingAccounts)
          .values({ presenterId: sub.presenterId, stripeCustomerId: sub.customerId })
          .onConflictDoNothing()
          .returning();
      }
      if (!account) return { kind: 'unknown-customer' };
      await tx
        .update(stripeEvents)
        .set({ presenterId: account.presenterId })
        .where(eq(stripeEvents.id, event.id));

      const presenterId = account.presenterId;
      if (account.lastEventAt && event.createdAt < account.lastEventAt) return { kind: 'stale', presenterId };
      // A customer with two subscriptions: a paying one is not replaced by news about another that is not.
      const otherSubscription = account.subscriptionId && account.subscriptionId !== sub.subscriptionId;
      if (otherSubscription && isPaying(account.subscriptionStatus) && !isPaying(sub.status)) {
        return { kind: 'ignored-other-subscription', presenterId };
      }
      await tx
        .update(billingAccounts)
        .set({
          subscriptionId: sub.subscriptionId,
          subscriptionStatus: sub.status,
          priceId: sub.priceId,
          currentPeriodEnd: sub.currentPeriodEnd,
          cancelAtPeriodEnd: sub.cancelAtPeriodEnd,
          lastEventAt: event.createdAt,
          updatedAt: new Date(),
        })
        .where(eq(billingAccounts.presenterId, presenterId));
      return { kind: 'applied', presenterId };
    });
  }
}
