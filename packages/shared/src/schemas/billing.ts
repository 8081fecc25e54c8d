import { z } from 'zod';
import { PLAN_SOURCES, RULE_SETS } from '../enums';

export const planLimitsSchema = z.object({
  videos: z.number().int().describe('Screeners the plan holds (the sample film does not count)'),
  watermark: z.boolean().describe('Whether watermarks may be switched on'),
});

const subscriptionSchema = z
  .object({
    status: z.string().describe("Stripe's subscription status: active, trialing, past_due, canceled, ..."),
    current_period_end: z.iso.datetime().nullable(),
    cancel_at_period_end: z.boolean(),
  })
  .meta({ id: 'Subscription' });

/** The presenter's plan: what the specification calls `stripeProduct`, held with the presenter state. */
export const stripeProductSchema = z
  .object({
    rule_set: z.enum(RULE_SETS),
    name: z.string(),
    sources: z
      .array(z.enum(PLAN_SOURCES))
      .describe('How Professional is held: a Stripe subscription, an administrator grant, or none'),
    subscription: subscriptionSchema.nullable(),
    has_billing_account: z.boolean().describe('A Stripe customer exists, so the billing portal can open'),
    limits: planLimitsSchema,
    usage: z.object({ videos: z.number().int(), tracking_links: z.number().int() }),
    professional_requested_at: z.iso
      .datetime()
      .nullable()
      .describe('When you last asked the administrators for Professional (billing off), or null'),
  })
  .meta({ id: 'StripeProduct' });
export type StripeProduct = z.infer<typeof stripeProductSchema>;

export const stripeProductResponse = z.object({ stripeProduct: stripeProductSchema });

const priceSchema = z.object({
  unit_amount: z.number().int().describe('In the smallest unit of the currency (cents)'),
  currency: z.string(),
  interval: z.string().nullable().describe('month, year, ... (null for a one-off price)'),
});

export const planSchema = z
  .object({
    rule_set: z.enum(RULE_SETS),
    name: z.string(),
    description: z.string(),
    limits: planLimitsSchema,
    price: priceSchema.nullable().describe('Null for the free plan, or when billing is not set up'),
  })
  .meta({ id: 'Plan' });
export type Plan = z.infer<typeof planSchema>;

export const plansResponse = z.object({
  billing_enabled: z.boolean(),
  administrators: z
    .boolean()
    .describe('Whether this server has administrators (ADMIN_EMAILS), who can grant Professional'),
  plans: z.array(planSchema),
});
export type PlansResponse = z.infer<typeof plansResponse>;

export const createCheckoutBody = z
  .object({ rule_set: z.enum(['PROFESSIONAL'], { error: 'Only the Professional plan can be bought' }) })
  .meta({ id: 'CreateCheckoutSession' });

export const redirectUrlResponse = z.object({ url: z.url() });

export const stripeWebhookHeaders = z.object({
  'stripe-signature': z.string().max(2000).optional(),
});

export const planRequestResponse = z.object({
  requested_at: z.iso.datetime(),
  /** False when an earlier request of the last day still stands (the administrators were told then). */
  mailed: z.boolean(),
});
