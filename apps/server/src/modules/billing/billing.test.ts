import { randomBytes } from 'node:crypto';
import { MESSAGES } from '@screenroom/shared/messages';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type FakeStripe, startFakeStripe } from '../../../test/fake-stripe';
import { newViewerToken } from '../../../test/fixtures';
import { ADMIN_EMAIL, createTestApp, type TestApp } from '../../../test/helpers';
import { billingAccounts } from '../../db/schema/billing';
import { logs } from '../../db/schema/logs';
import { presenters } from '../../db/schema/presenters';
import { trackingLinks } from '../../db/schema/tracking-links';
import { videos } from '../../db/schema/videos';

const PRICE = 'price_professional_monthly';
const secretKey = `sk_test_${randomBytes(24).toString('hex')}`;
const webhookSecret = `whsec_${randomBytes(24).toString('hex')}`;

let stripe: FakeStripe;
let t: TestApp;
beforeAll(async () => {
  stripe = await startFakeStripe({
    secretKey,
    webhookSecret,
    prices: [
      {
        id: PRICE,
        unitAmount: 2900,
        currency: 'usd',
        interval: 'month',
        productName: 'Screenroom Professional',
      },
    ],
  });
  t = await createTestApp({
    STRIPE_SECRET_KEY: secretKey,
    STRIPE_WEBHOOK_SECRET: webhookSecret,
    STRIPE_PRICE_PROFESSIONAL: PRICE,
    STRIPE_API_BASE: stripe.baseUrl,
    PLAN_FREE_VIDEO_LIMIT: '1',
    PLAN_PROFESSIONAL_VIDEO_LIMIT: '25',
  });
});
afterAll(async () => {
  await t.close();
  await stripe.close();
});

type Me = Awaited<ReturnType<TestApp['signUp']>>;
const get = (url: string, me?: Me) => t.app.inject({ method: 'GET', url, headers: me?.headers ?? {} });
const product = async (me: Me) => (await get('/v1/presenters/fetchStripeProduct', me)).json().stripeProduct;
const ruleSet = async (me: Me) => (await get('/v1/auth/getAuthPresenter', me)).json().presenter.rule_set;
const checkout = (me: Me, payload: unknown = { rule_set: 'PROFESSIONAL' }) =>
  t.app.inject({
    method: 'POST',
    url: '/v1/presenters/createStripeCheckoutSession',
    headers: me.headers,
    payload: payload as object,
  });
const deliver = (delivery: { payload: string; headers: Record<string, string> }) => {
  t.rememberSecret(delivery.headers['stripe-signature']);
  return t.app.inject({
    method: 'POST',
    url: '/v1/billing/webhook',
    payload: delivery.payload,
    headers: delivery.headers,
  });
};

/** A presenter who went through Checkout and paid: the subscription's `created` event was delivered. */
async function subscribedPresenter() {
  const me = await t.signUp();
  const res = await checkout(me);
  expect(res.statusCode).toBe(200);
  const sessionId = /\/c\/pay\/(\w+)$/.exec(res.json().url)![1]!;
  const paid = stripe.completeCheckout(sessionId);
  const delivered = await deliver(stripe.signed(paid.event));
  expect(delivered.json()).toEqual({ received: true, applied: true });
  return { me, subscription: paid.subscription, createdEvent: paid.event };
}

describe('GET /presenters/fetchStripeProduct and /billing/plans', () => {
  it('a new presenter is FREE with the FREE limits and no billing account', async () => {
    const me = await t.signUp();
    expect(await product(me)).toEqual({
      rule_set: 'FREE',
      name: 'Free',
      sources: ['none'],
      subscription: null,
      has_billing_account: false,
      limits: { videos: 1, watermark: false },
      usage: { videos: 0, tracking_links: 0 },
      professional_requested_at: null,
    });
    expect((await get('/v1/presenters/fetchStripeProduct')).statusCode).toBe(401);
  });

  it('counts the films (not the sample) and tracking links the presenter holds (not their preview link)', async () => {
    const me = await t.signUp();
    const other = await t.signUp();
    const [film] = await t.db
      .insert(videos)
      .values([
        { presenterId: me.id, type: 'upload', title: 'Film A' },
        { presenterId: me.id, type: 'sample', title: 'Sample' },
        { presenterId: other.id, type: 'upload', title: 'Not mine' },
      ])
      .returning();
    await t.db.insert(trackingLinks).values(
      ['a', 'b'].map(() => ({
        videoId: film!.id,
        presenterId: me.id,
        ...newViewerToken(t),
        generatedBy: 'access_url' as const,
      })),
    );
    // The presenter's own Preview makes a link of its own; no screen lists it among the viewers.
    await t.db.insert(trackingLinks).values({
      videoId: film!.id,
      presenterId: me.id,
      ...newViewerToken(t),
      generatedBy: 'preview',
    });
    expect((await product(me)).usage).toEqual({ videos: 1, tracking_links: 2 });
  });

  it('lists both plans with the Professional price read from Stripe', async () => {
    const me = await t.signUp();
    const res = await get('/v1/billing/plans', me);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({
      billing_enabled: true,
      administrators: true,
      plans: [
        expect.objectContaining({ rule_set: 'FREE', price: null, limits: { videos: 1, watermark: false } }),
        expect.objectContaining({
          rule_set: 'PROFESSIONAL',
          name: 'Screenroom Professional',
          price: { unit_amount: 2900, currency: 'usd', interval: 'month' },
          limits: { videos: 25, watermark: true },
        }),
      ],
    });
    const priceCall = stripe.requests.find((r) => r.path === `/v1/prices/${PRICE}`);
    expect(priceCall?.params.expand).toEqual(['product']);
  });
});

describe('POST /presenters/createStripeCheckoutSession', () => {
  it('opens a Checkout for the Professional price, for one Stripe customer per presenter', async () => {
    const me = await t.signUp();
    const first = await checkout(me);
    expect(first.statusCode).toBe(200);
    expect(first.json().url).toMatch(new RegExp(`^${stripe.baseUrl}/c/pay/cs_test_\\w+$`));
    const second = await checkout(me);
    expect(second.statusCode).toBe(200);

    const customerCalls = stripe.requests.filter(
      (r) =>
        r.path === '/v1/customers' &&
        (r.params.metadata as { presenter_id?: string })?.presenter_id === me.id,
    );
    expect(customerCalls).toHaveLength(1);
    expect(customerCalls[0]!.params).toMatchObject({ email: me.email, name: 'Pat Presenter' });
    const session = stripe.requests.filter((r) => r.path === '/v1/checkout/sessions').at(-1)!;
    expect(session.params).toMatchObject({
      mode: 'subscription',
      customer: expect.stringMatching(/^cus_/),
      client_reference_id: me.id,
      line_items: [{ price: PRICE, quantity: '1' }],
      subscription_data: { metadata: { presenter_id: me.id } },
      success_url: 'http://screenroom.test/pricing-plans?checkout=success',
      cancel_url: 'http://screenroom.test/pricing-plans?checkout=cancelled',
    });
    expect((await product(me)).has_billing_account).toBe(true);
  });

  it('validates the body', async () => {
    const me = await t.signUp();
    const free = await checkout(me, { rule_set: 'FREE' });
    expect(free.statusCode).toBe(400);
    expect(free.json().message).toBe('rule_set: Only the Professional plan can be bought');
    expect((await checkout(me, {})).statusCode).toBe(400);
    const notJson = await t.app.inject({
      method: 'POST',
      url: '/v1/presenters/createStripeCheckoutSession',
      headers: { ...me.headers, 'content-type': 'application/json' },
      payload: '{',
    });
    expect(notJson.json().message).toBe('The request body is not valid JSON.');
  });

  it('answers 503 in words when Stripe refuses, and logs why', async () => {
    const me = await t.signUp();
    stripe.failNextWith(400, 'invalid_request_error', 'This account cannot create customers right now.');
    const res = await checkout(me);
    expect(res.statusCode).toBe(503);
    expect(res.json().message).toBe(MESSAGES.paymentProviderUnavailable);
    const [entry] = await t.db
      .select()
      .from(logs)
      .where(and(eq(logs.module, 'billing'), eq(logs.level, 'error'), eq(logs.userId, me.id)));
    expect(entry?.message).toBe(
      'Stripe refused to create a customer: This account cannot create customers right now.',
    );
  });
});

describe('POST /billing/webhook', () => {
  it('a signed subscription.created makes the presenter PROFESSIONAL, and logs it', async () => {
    const { me, subscription } = await subscribedPresenter();
    expect(await ruleSet(me)).toBe('PROFESSIONAL');
    const p = await product(me);
    expect(p).toMatchObject({
      rule_set: 'PROFESSIONAL',
      name: 'Professional',
      sources: ['stripe'],
      has_billing_account: true,
      limits: { videos: 25, watermark: true },
      subscription: { status: 'active', cancel_at_period_end: false },
    });
    const periodEnd = (subscription.items as { data: { current_period_end: number }[] }).data[0]!
      .current_period_end;
    expect(p.subscription.current_period_end).toBe(new Date(periodEnd * 1000).toISOString());
    const entries = await t.db
      .select()
      .from(logs)
      .where(and(eq(logs.type, 'billing'), eq(logs.userId, me.id)));
    expect(entries.map((e) => e.message)).toContain(
      'Subscription active (created): plan is now PROFESSIONAL',
    );
  });

  it('a replayed event changes nothing', async () => {
    const { me, subscription, createdEvent } = await subscribedPresenter();
    const cancel = stripe.changeSubscription(
      subscription.id as string,
      { status: 'canceled' },
      'customer.subscription.deleted',
    );
    expect((await deliver(stripe.signed(cancel))).json().applied).toBe(true);
    expect(await ruleSet(me)).toBe('FREE');
    const [before] = await t.db.select().from(billingAccounts).where(eq(billingAccounts.presenterId, me.id));

    // Stripe delivers the earlier `created` event again (a retry): it must not bring Professional back.
    const replay = await deliver(stripe.signed(createdEvent));
    expect(replay.statusCode).toBe(200);
    expect(replay.json()).toEqual({ received: true, applied: false });
    const again = await deliver(stripe.signed(cancel));
    expect(again.json()).toEqual({ received: true, applied: false });
    expect(await ruleSet(me)).toBe('FREE');
    const [after] = await t.db.select().from(billingAccounts).where(eq(billingAccounts.presenterId, me.id));
    expect(after).toEqual(before);
    const replayed = await t.db
      .select()
      .from(logs)
      .where(and(eq(logs.module, 'billing'), eq(logs.level, 'info')));
    expect(replayed.filter((e) => /received again/.test(e.message)).length).toBeGreaterThanOrEqual(2);
  });

  it('refuses unsigned, wrongly signed, tampered and stale deliveries, and logs each', async () => {
    const { me, subscription } = await subscribedPresenter();
    const cancel = stripe.changeSubscription(
      subscription.id as string,
      { status: 'canceled' },
      'customer.subscription.deleted',
    );
    const good = stripe.signed(cancel);
    const attempts = [
      { payload: good.payload, headers: { 'content-type': 'application/json' } },
      { payload: good.payload, headers: { 'content-type': 'application/json' } },
      stripe.signed(cancel, `whsec_${randomBytes(24).toString('hex')}`),
      { payload: good.payload.replace('"canceled"', '"active"'), headers: good.headers },
      stripe.signed(cancel, webhookSecret, Math.floor(Date.now() / 1000) - 3600),
    ];
    const before = await t.db.select().from(logs).where(eq(logs.type, 'security'));
    for (const attempt of attempts) {
      const res = await deliver(attempt);
      expect(res.statusCode).toBe(400);
      expect(res.json().message).toBe(MESSAGES.webhookSignatureInvalid);
    }
    expect(await ruleSet(me)).toBe('PROFESSIONAL');
    const refusals = (await t.db.select().from(logs).where(eq(logs.type, 'security'))).filter(
      (e) => e.module === 'billing' && !before.some((b) => b.id === e.id),
    );
    // Each refusal once a minute per address: anyone can send these, and the route has no rate limit.
    expect(refusals.map((e) => e.message)).toEqual([
      'Stripe webhook refused: no Stripe-Signature header',
      'Stripe webhook refused: the signature does not match',
    ]);
    expect(refusals.every((e) => e.level === 'warn' && e.ipAddress)).toBe(true);
  });

  it('applies plan changes: past_due keeps Professional, unpaid ends it, a new payment restores it', async () => {
    const { me, subscription } = await subscribedPresenter();
    const subId = subscription.id as string;
    const step = async (status: string, expected: string) => {
      const evt = stripe.changeSubscription(subId, { status });
      expect((await deliver(stripe.signed(evt))).json().applied).toBe(true);
      expect(await ruleSet(me)).toBe(expected);
    };
    await step('past_due', 'PROFESSIONAL');
    await step('unpaid', 'FREE');
    await step('active', 'PROFESSIONAL');
    const ending = stripe.changeSubscription(subId, { cancel_at_period_end: true });
    await deliver(stripe.signed(ending));
    expect((await product(me)).subscription.cancel_at_period_end).toBe(true);
    const deleted = stripe.changeSubscription(subId, { status: 'canceled' }, 'customer.subscription.deleted');
    await deliver(stripe.signed(deleted));
    expect(await ruleSet(me)).toBe('FREE');
    expect((await product(me)).sources).toEqual(['none']);
  });

  it('does not let an older event undo a newer one', async () => {
    const { me, subscription } = await subscribedPresenter();
    const subId = subscription.id as string;
    const later = Math.floor(Date.now() / 1000) + 60;
    const deleted = stripe.event(
      'customer.subscription.deleted',
      { ...structuredClone(subscription), status: 'canceled' },
      later,
    );
    const olderUpdate = stripe.event(
      'customer.subscription.updated',
      { ...structuredClone(subscription), status: 'active' },
      later - 30,
    );
    expect((await deliver(stripe.signed(deleted))).json().applied).toBe(true);
    expect((await deliver(stripe.signed(olderUpdate))).json().applied).toBe(false);
    expect(await ruleSet(me)).toBe('FREE');
    expect(subId).toMatch(/^sub_/);
  });

  it('acknowledges other events and events about unknown customers without changing anything', async () => {
    const other = await deliver(
      stripe.signed(stripe.event('invoice.paid', { id: 'in_123', object: 'invoice' })),
    );
    expect(other.json()).toEqual({ received: true, applied: false });
    const stranger = stripe.event('customer.subscription.created', {
      id: 'sub_stranger',
      object: 'subscription',
      customer: 'cus_nobody',
      status: 'active',
      items: { data: [{ price: { id: PRICE }, current_period_end: 1 }] },
      metadata: {},
    });
    expect((await deliver(stripe.signed(stranger))).json()).toEqual({ received: true, applied: false });
    const malformed = stripe.event('customer.subscription.updated', { id: 'sub_x', object: 'subscription' });
    const res = await deliver(stripe.signed(malformed));
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toBe('This Stripe event could not be read.');
    const wrongType = await t.app.inject({
      method: 'POST',
      url: '/v1/billing/webhook',
      payload: 'hello',
      headers: { 'content-type': 'text/plain' },
    });
    expect(wrongType.statusCode).toBe(415);
    expect(wrongType.json().message).toBe('This content type is not accepted here. Send JSON.');
  });

  it('links a subscription made outside Checkout through its presenter_id metadata', async () => {
    const me = await t.signUp();
    const evt = stripe.event('customer.subscription.created', {
      id: 'sub_dashboard',
      object: 'subscription',
      customer: 'cus_dashboard_made',
      status: 'trialing',
      cancel_at_period_end: false,
      items: { data: [{ price: { id: PRICE }, current_period_end: Math.floor(Date.now() / 1000) + 86400 }] },
      metadata: { presenter_id: me.id },
    });
    expect((await deliver(stripe.signed(evt))).json().applied).toBe(true);
    expect(await ruleSet(me)).toBe('PROFESSIONAL');
  });
});

describe('GET /presenters/fetchStripePortalSessionUrl', () => {
  it('needs a billing account, then answers a portal URL that returns to the pricing page', async () => {
    const me = await t.signUp();
    const none = await get('/v1/presenters/fetchStripePortalSessionUrl', me);
    expect(none.statusCode).toBe(409);
    expect(none.json().message).toBe(MESSAGES.noBillingAccount);

    const { me: payer } = await subscribedPresenter();
    const res = await get('/v1/presenters/fetchStripePortalSessionUrl', payer);
    expect(res.statusCode).toBe(200);
    expect(res.json().url).toMatch(new RegExp(`^${stripe.baseUrl}/p/session/bps_\\w+$`));
    const call = stripe.requests.filter((r) => r.path === '/v1/billing_portal/sessions').at(-1)!;
    expect(call.params).toMatchObject({
      customer: expect.stringMatching(/^cus_/),
      return_url: 'http://screenroom.test/pricing-plans',
    });
  });
});

describe('plans and administrators', () => {
  it('a Professional presenter cannot check out again', async () => {
    const { me } = await subscribedPresenter();
    const res = await checkout(me);
    expect(res.statusCode).toBe(409);
    expect(res.json().message).toBe(MESSAGES.alreadyProfessional);
  });

  it('with billing set up, a presenter upgrades instead of asking the administrators', async () => {
    const me = await t.signUp();
    const res = await t.app.inject({
      method: 'POST',
      url: '/v1/billing/requestProfessional',
      headers: me.headers,
    });
    expect(res.statusCode).toBe(409);
    expect(res.json().message).toBe(MESSAGES.planRequestBillingOn);
  });

  it('an administrator cannot remove Professional from a paying presenter; a grant outlives the subscription', async () => {
    const admin = await t.signUp(ADMIN_EMAIL, 'Ada Admin');
    const { me, subscription } = await subscribedPresenter();
    const setPlan = (rule_set: string) =>
      t.app.inject({
        method: 'PUT',
        url: `/v1/admin/presenters/${me.id}/plan`,
        headers: admin.headers,
        payload: { rule_set },
      });
    const refused = await setPlan('FREE');
    expect(refused.statusCode).toBe(409);
    expect(refused.json().message).toBe(MESSAGES.planPaidThroughStripe);

    const granted = await setPlan('PROFESSIONAL');
    expect(granted.json().presenter).toMatchObject({
      subscribed: true,
      granted: true,
      rule_set: 'PROFESSIONAL',
    });
    const deleted = stripe.changeSubscription(
      subscription.id as string,
      { status: 'canceled' },
      'customer.subscription.deleted',
    );
    await deliver(stripe.signed(deleted));
    expect(await ruleSet(me)).toBe('PROFESSIONAL');
    expect((await product(me)).sources).toEqual(['grant']);
    expect((await setPlan('FREE')).json().presenter).toMatchObject({ rule_set: 'FREE', granted: false });
    const [row] = await t.db.select().from(presenters).where(eq(presenters.id, me.id));
    expect(row!.ruleSet).toBe('FREE');
  });
});
