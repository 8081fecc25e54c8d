import type { RuleSet } from '@screenroom/shared/enums';
import { AppError } from '@screenroom/shared/errors';
import { MESSAGES } from '@screenroom/shared/messages';
import type { Plan, PlansResponse, StripeProduct } from '@screenroom/shared/schemas/billing';
import type { StripeConfig } from '../../config';
import type { BillingAccountRow } from '../../db/schema/billing';
import type { PresenterRow } from '../../db/schema/presenters';
import type { Mailer } from '../../infra/mail/mailer';
import { Stripe, type StripeClient } from '../../infra/stripe/stripe-client';
import type { LogOrigin, LogsService } from '../logs/logs.service';
import type { PlansService } from '../plans/plans.service';
import type { PresentersService } from '../presenters/presenters.service';
import { planChangedMail, planRequestMail } from './billing.mails';
import type { BillingRepository } from './billing.repository';
import { parseStripeEvent } from './stripe-events';

type Deps = {
  repository: BillingRepository;
  presenters: PresentersService;
  plans: PlansService;
  logs: LogsService;
  /** Null when Stripe is not configured: everyone is FREE unless an administrator grants PROFESSIONAL. */
  stripe: { client: StripeClient; config: StripeConfig } | null;
  publicUrl: string;
  mailer: Mailer;
  /** Who is told when a presenter asks for Professional without billing. */
  adminEmails: readonly string[];
};

/** A presenter's request for Professional mails the administrators at most once a day. */
const PLAN_REQUEST_INTERVAL_MS = 24 * 3_600_000;

const PLAN_NAMES: Record<RuleSet, string> = { FREE: 'Free', PROFESSIONAL: 'Professional' };
const PLAN_DESCRIPTIONS: Record<RuleSet, string> = {
  FREE: 'Share a screener with a tracking link per viewer and see how each one watched.',
  PROFESSIONAL: 'More screeners, and watermarks that name every viewer on screen.',
};
const PRICE_CACHE_MS = 10 * 60_000;

/** What a presenter holds that gives a plan: their billing account's subscription, and a grant. */
const holdingsFrom = (account: BillingAccountRow | undefined, granted: boolean) => ({
  account,
  granted,
  subscription: account?.subscriptionId
    ? { status: account.subscriptionStatus, priceId: account.priceId }
    : null,
});

/**
 * Plans and Stripe billing: the presenter's plan, checkout and the billing portal, Stripe's webhooks,
 * and administrators' grants. The presenter's `rule_set` is kept equal to what their holdings give
 * (PlansService.resolveRuleSet); PlansService enforces it.
 */
export class BillingService {
  private priceCache: { at: number; plan: Plan } | undefined;

  constructor(private readonly deps: Deps) {}

  get enabled() {
    return this.deps.stripe !== null;
  }

  private requireStripe() {
    if (!this.deps.stripe) throw new AppError('UNAVAILABLE', MESSAGES.billingNotConfigured);
    return this.deps.stripe;
  }

  private async holdingsOf(presenterId: string) {
    const [account, granted] = await Promise.all([
      this.deps.repository.findAccount(presenterId),
      this.deps.repository.isGranted(presenterId),
    ]);
    return holdingsFrom(account, granted);
  }

  /**
   * Recomputes the presenter's rule set from their holdings and stores it when it changed. With the
   * presenter's row locked (BillingRepository.syncRuleSet), so one runs at a time per presenter on any
   * server, each reading the holdings after the change that called it was stored: the last one to run
   * writes the plan of all of them. Side by side, a grant's plan could be written over by a removal's
   * that read the holdings before the grant.
   */
  private async syncRuleSet(presenterId: string) {
    const synced = await this.deps.repository.syncRuleSet(presenterId, ({ account, granted }) =>
      this.deps.plans.resolveRuleSet(
        holdingsFrom(account, granted),
        this.deps.stripe?.config.priceProfessional,
      ),
    );
    if (!synced) throw new AppError('NOT_FOUND', MESSAGES.presenterNotFound);
    return synced;
  }

  /** GET /presenters/fetchStripeProduct: the presenter's plan, how it is held, its limits and use. */
  async productOf(presenter: PresenterRow): Promise<StripeProduct> {
    const [holdings, usage, requestedAt] = await Promise.all([
      this.holdingsOf(presenter.id),
      this.deps.repository.usageOf(presenter.id),
      this.deps.repository.lastPlanRequest(presenter.id),
    ]);
    const ruleSet = this.deps.plans.ruleSetOf(presenter);
    const paying = this.deps.plans.isPayingSubscription(
      holdings.subscription,
      this.deps.stripe?.config.priceProfessional,
    );
    const sources: StripeProduct['sources'] = [];
    if (paying) sources.push('stripe');
    if (holdings.granted) sources.push('grant');
    if (sources.length === 0) sources.push('none');
    const { account } = holdings;
    return {
      rule_set: ruleSet,
      name: PLAN_NAMES[ruleSet],
      sources,
      subscription: account?.subscriptionId
        ? {
            status: account.subscriptionStatus ?? 'unknown',
            current_period_end: account.currentPeriodEnd?.toISOString() ?? null,
            cancel_at_period_end: account.cancelAtPeriodEnd,
          }
        : null,
      has_billing_account: Boolean(account) && this.enabled,
      limits: this.deps.plans.limitsOf(presenter),
      usage: { videos: usage.videos, tracking_links: usage.trackingLinks },
      professional_requested_at: requestedAt?.toISOString() ?? null,
    };
  }

  /**
   * Without billing, a presenter asks the administrators for Professional: each gets a mail naming
   * them, with a link to Presenters where the plan is granted. Asking again within a day mails no one.
   */
  async requestProfessional(presenter: PresenterRow) {
    if (this.enabled) throw new AppError('CONFLICT', MESSAGES.planRequestBillingOn);
    if (this.deps.plans.ruleSetOf(presenter) === 'PROFESSIONAL')
      throw new AppError('CONFLICT', MESSAGES.alreadyProfessional);
    const admins = this.deps.adminEmails;
    if (admins.length === 0) throw new AppError('UNAVAILABLE', MESSAGES.planRequestNoAdmins);
    const now = new Date();
    const { repository } = this.deps;
    const recorded = await repository.recordPlanRequest(
      presenter.id,
      now,
      new Date(now.getTime() - PLAN_REQUEST_INTERVAL_MS),
    );
    if (!recorded) {
      const standing = (await repository.lastPlanRequest(presenter.id)) ?? now;
      return { requested_at: standing.toISOString(), mailed: false };
    }
    const url = `${this.deps.publicUrl}/presenters?search=${encodeURIComponent(presenter.email)}`;
    const mail = await planRequestMail({ name: presenter.name, email: presenter.email, url });
    try {
      await Promise.all(admins.map((to) => this.deps.mailer.send({ to, ...mail })));
    } catch (error) {
      // Not told: the next click may try again.
      await repository.forgetPlanRequest(presenter.id);
      throw error;
    }
    await this.deps.logs.record({
      level: 'info',
      type: 'billing',
      module: 'billing',
      message: 'Asked the administrators for Professional',
      userId: presenter.id,
    });
    return { requested_at: recorded.toISOString(), mailed: true };
  }

  private planOf(ruleSet: RuleSet): Plan {
    return {
      rule_set: ruleSet,
      name: PLAN_NAMES[ruleSet],
      description: PLAN_DESCRIPTIONS[ruleSet],
      limits: this.deps.plans.limitsOf({ ruleSet }),
      price: null,
    };
  }

  /** The Professional plan with its price from Stripe (cached); without Stripe, without a price. */
  private async professionalPlan(): Promise<Plan> {
    const plan = this.planOf('PROFESSIONAL');
    const stripe = this.deps.stripe;
    if (!stripe) return plan;
    if (this.priceCache && Date.now() - this.priceCache.at < PRICE_CACHE_MS) return this.priceCache.plan;
    try {
      const price = await stripe.client.prices.retrieve(stripe.config.priceProfessional, {
        expand: ['product'],
      });
      const product = typeof price.product === 'object' && !price.product.deleted ? price.product : null;
      const priced: Plan = {
        ...plan,
        name: product?.name ?? plan.name,
        price:
          price.unit_amount === null
            ? null
            : {
                unit_amount: price.unit_amount,
                currency: price.currency,
                interval: price.recurring?.interval ?? null,
              },
      };
      this.priceCache = { at: Date.now(), plan: priced };
      return priced;
    } catch (error) {
      await this.deps.logs.record({
        level: 'warn',
        type: 'billing',
        module: 'billing',
        message: `Could not read the Professional price from Stripe: ${(error as Error).message}`,
      });
      return plan;
    }
  }

  async catalogue(): Promise<PlansResponse> {
    return {
      billing_enabled: this.enabled,
      administrators: this.deps.adminEmails.length > 0,
      plans: [this.planOf('FREE'), await this.professionalPlan()],
    };
  }

  /** Stripe failures become a 503 a person understands; the details go to the log. */
  private async callStripe<T>(what: string, origin: LogOrigin, call: () => Promise<T>): Promise<T> {
    try {
      return await call();
    } catch (error) {
      if (!(error instanceof Stripe.errors.StripeError)) throw error;
      await this.deps.logs.record({
        ...origin,
        level: 'error',
        type: 'billing',
        module: 'billing',
        message: `Stripe refused to ${what}: ${error.message}`,
        metadata: { stripe_error_type: error.type, stripe_code: error.code, status: error.statusCode },
      });
      throw new AppError('UNAVAILABLE', MESSAGES.paymentProviderUnavailable);
    }
  }

  private async ensureCustomer(presenter: PresenterRow, origin: LogOrigin) {
    const existing = await this.deps.repository.findAccount(presenter.id);
    if (existing) return existing.stripeCustomerId;
    const { client } = this.requireStripe();
    const customer = await this.callStripe('create a customer', origin, () =>
      client.customers.create(
        { email: presenter.email, name: presenter.name, metadata: { presenter_id: presenter.id } },
        // Two clicks on Upgrade make one customer.
        { idempotencyKey: `customer-${presenter.id}` },
      ),
    );
    return (await this.deps.repository.linkCustomer(presenter.id, customer.id)).stripeCustomerId;
  }

  /** POST /presenters/createStripeCheckoutSession: a Stripe Checkout page to subscribe to Professional. */
  async createCheckoutSession(presenter: PresenterRow, origin: LogOrigin) {
    const { client, config } = this.requireStripe();
    if (this.deps.plans.ruleSetOf(presenter) === 'PROFESSIONAL')
      throw new AppError('CONFLICT', MESSAGES.alreadyProfessional);
    const customer = await this.ensureCustomer(presenter, origin);
    const back = `${this.deps.publicUrl}/pricing-plans`;
    const session = await this.callStripe('open a checkout', origin, () =>
      client.checkout.sessions.create({
        mode: 'subscription',
        customer,
        client_reference_id: presenter.id,
        line_items: [{ price: config.priceProfessional, quantity: 1 }],
        subscription_data: { metadata: { presenter_id: presenter.id } },
        allow_promotion_codes: true,
        success_url: `${back}?checkout=success`,
        cancel_url: `${back}?checkout=cancelled`,
      }),
    );
    if (!session.url) throw new AppError('UNAVAILABLE', MESSAGES.paymentProviderUnavailable);
    await this.deps.logs.record({
      ...origin,
      level: 'info',
      type: 'billing',
      module: 'billing',
      message: 'Checkout for the Professional plan opened',
      metadata: { checkout_session: session.id, customer },
    });
    return { url: session.url };
  }

  /** GET /presenters/fetchStripePortalSessionUrl: Stripe's billing portal for this presenter. */
  async createPortalSession(presenter: PresenterRow, origin: LogOrigin) {
    const { client } = this.requireStripe();
    const account = await this.deps.repository.findAccount(presenter.id);
    if (!account) throw new AppError('CONFLICT', MESSAGES.noBillingAccount);
    const session = await this.callStripe('open the billing portal', origin, () =>
      client.billingPortal.sessions.create({
        customer: account.stripeCustomerId,
        return_url: `${this.deps.publicUrl}/pricing-plans`,
      }),
    );
    await this.deps.logs.record({
      ...origin,
      level: 'info',
      type: 'billing',
      module: 'billing',
      message: 'Billing portal opened',
    });
    return { url: session.url };
  }

  /** Refusals anyone can cause, on a route without a rate limit: recorded once a minute per address. */
  private async refuseWebhook(reason: string, origin: LogOrigin): Promise<never> {
    await this.deps.logs.recordRepeatable({
      ...origin,
      level: 'warn',
      type: 'security',
      module: 'billing',
      message: `Stripe webhook refused: ${reason}`,
    });
    throw new AppError('BAD_REQUEST', MESSAGES.webhookSignatureInvalid);
  }

  /**
   * POST /billing/webhook: verifies Stripe's signature on the raw body, then applies subscription
   * events exactly once. Returns whether the event changed anything.
   */
  async handleWebhook(rawBody: Buffer, signature: string | undefined, origin: LogOrigin) {
    // Refused before asking whether billing is set up: telling a missing signature needs no secret.
    if (!signature) return this.refuseWebhook('no Stripe-Signature header', origin);
    const { client, config } = this.requireStripe();
    let verified: unknown;
    try {
      verified = client.webhooks.constructEvent(rawBody, signature, config.webhookSecret);
    } catch {
      return this.refuseWebhook('the signature does not match', origin);
    }
    const parsed = parseStripeEvent(verified);
    if (!parsed) throw new AppError('BAD_REQUEST', 'This is not a Stripe event.');
    const { event } = parsed;
    if (parsed.kind === 'other') return { received: true as const, applied: false };
    if (parsed.kind === 'malformed') {
      await this.deps.logs.record({
        ...origin,
        level: 'error',
        type: 'billing',
        module: 'billing',
        message: `Stripe event ${event.type} could not be read: ${parsed.problem}`,
        metadata: { event_id: event.id },
      });
      throw new AppError('BAD_REQUEST', 'This Stripe event could not be read.');
    }

    const sub = parsed.subscription;
    if (sub.presenterId && !(await this.deps.presenters.findById(sub.presenterId))) sub.presenterId = null;
    const outcome = await this.deps.repository.applySubscriptionEvent(event, sub, (status) =>
      this.deps.plans.isPayingStatus(status),
    );
    const metadata = {
      event_id: event.id,
      event_type: event.type,
      subscription: sub.subscriptionId,
      customer: sub.customerId,
      status: sub.status,
    };
    if (outcome.kind === 'replayed' || outcome.kind === 'unknown-customer') {
      await this.deps.logs.record({
        ...origin,
        level: outcome.kind === 'replayed' ? 'info' : 'warn',
        type: 'billing',
        module: 'billing',
        message:
          outcome.kind === 'replayed'
            ? `Stripe event ${event.type} received again: already applied, nothing changed`
            : `Stripe event ${event.type} is about a customer we do not know`,
        metadata,
      });
      return { received: true as const, applied: false };
    }

    const { presenter, changed } = await this.syncRuleSet(outcome.presenterId);
    const applied = outcome.kind === 'applied';
    await this.deps.logs.record({
      ...origin,
      level: 'info',
      type: 'billing',
      module: 'billing',
      message: applied
        ? `Subscription ${sub.status} (${event.type.split('.').pop()}): plan ${changed ? 'is now' : 'stays'} ${presenter.ruleSet}`
        : `Stripe event ${event.type} not applied: ${outcome.kind === 'stale' ? 'older than the last one applied' : 'about another subscription'}`,
      userId: presenter.id,
      userEmail: presenter.email,
      metadata: { ...metadata, rule_set: presenter.ruleSet },
    });
    return { received: true as const, applied };
  }

  /**
   * An administrator grants or removes Professional. Removing it from a presenter who pays through
   * Stripe is refused: the subscription, not us, decides that.
   */
  async setGrant(admin: PresenterRow, presenterId: string, ruleSet: RuleSet, origin: LogOrigin) {
    const target = await this.deps.presenters.findById(presenterId);
    if (!target) throw new AppError('NOT_FOUND', MESSAGES.presenterNotFound);
    if (ruleSet === 'PROFESSIONAL') {
      await this.deps.repository.grant(presenterId, { id: admin.id, email: admin.email });
    } else {
      const holdings = await this.holdingsOf(presenterId);
      if (
        this.deps.plans.isPayingSubscription(
          holdings.subscription,
          this.deps.stripe?.config.priceProfessional,
        )
      )
        throw new AppError('CONFLICT', MESSAGES.planPaidThroughStripe);
      await this.deps.repository.revokeGrant(presenterId);
    }
    const { presenter, changed } = await this.syncRuleSet(presenterId);
    await this.deps.logs.record({
      ...origin,
      level: 'info',
      type: 'admin',
      module: 'billing',
      message: `${ruleSet === 'PROFESSIONAL' ? 'Granted' : 'Removed'} Professional for ${target.email}${changed ? '' : ' (no change)'}`,
      metadata: { presenter_id: presenterId, rule_set: presenter.ruleSet },
    });
    // The presenter's own log says so too, without the administrator's request details.
    if (changed) {
      await this.deps.logs.record({
        level: 'info',
        type: 'billing',
        module: 'billing',
        message: `An administrator ${ruleSet === 'PROFESSIONAL' ? 'granted you' : 'removed your'} Professional plan`,
        userId: presenterId,
      });
      const mail = await planChangedMail({
        name: presenter.name,
        granted: ruleSet === 'PROFESSIONAL',
        url: `${this.deps.publicUrl}/pricing-plans`,
      });
      // The plan changed whatever the mail does; a mail that fails is noted, not the admin's error.
      await this.deps.mailer.send({ to: presenter.email, ...mail }).catch((error: unknown) =>
        this.deps.logs.record({
          level: 'error',
          type: 'billing',
          module: 'billing',
          message: `Could not mail ${presenter.email} about their plan`,
          userId: presenterId,
          error,
        }),
      );
    }
    return presenter;
  }

  /** For the administrators' list: whether each presenter pays, and whether they hold a grant. */
  holdingFlags(
    account: { subscriptionStatus: string | null; priceId: string | null } | null,
    granted: boolean,
  ) {
    return {
      subscribed: this.deps.plans.isPayingSubscription(
        account ? { status: account.subscriptionStatus, priceId: account.priceId } : null,
        this.deps.stripe?.config.priceProfessional,
      ),
      granted,
    };
  }
}
