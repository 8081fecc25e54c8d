import { z } from 'zod';
import type { StripeEventRef, SubscriptionSnapshot } from './billing.repository';

/** The subscription events that change a plan; every other event is acknowledged and left alone. */
export const SUBSCRIPTION_EVENTS = [
  'customer.subscription.created',
  'customer.subscription.updated',
  'customer.subscription.deleted',
] as const;

/** The parts of Stripe's Subscription object we read (API version 2025-03-31 and later). */
const subscriptionObject = z.object({
  id: z.string(),
  object: z.literal('subscription'),
  customer: z.union([z.string(), z.object({ id: z.string() })]),
  status: z.string(),
  cancel_at_period_end: z.boolean().nullish(),
  metadata: z.record(z.string(), z.string()).nullish(),
  items: z.object({
    data: z.array(
      z.object({
        price: z.object({ id: z.string() }),
        current_period_end: z.number().nullish(),
      }),
    ),
  }),
});

const eventEnvelope = z.object({
  id: z.string(),
  type: z.string(),
  created: z.number(),
  data: z.object({ object: z.unknown() }),
});

export type ParsedEvent =
  | { kind: 'subscription'; event: StripeEventRef; subscription: SubscriptionSnapshot }
  | { kind: 'other'; event: StripeEventRef }
  | { kind: 'malformed'; event: StripeEventRef; problem: string };

/** Reads a verified Stripe event into what the billing service needs. */
export function parseStripeEvent(raw: unknown): ParsedEvent | null {
  const envelope = eventEnvelope.safeParse(raw);
  if (!envelope.success) return null;
  const { id, type, created, data } = envelope.data;
  const event = { id, type, createdAt: new Date(created * 1000) };
  if (!(SUBSCRIPTION_EVENTS as readonly string[]).includes(type)) return { kind: 'other', event };
  const parsed = subscriptionObject.safeParse(data.object);
  if (!parsed.success) return { kind: 'malformed', event, problem: parsed.error.issues[0]?.message ?? '' };
  const s = parsed.data;
  const item = s.items.data[0];
  return {
    kind: 'subscription',
    event,
    subscription: {
      subscriptionId: s.id,
      customerId: typeof s.customer === 'string' ? s.customer : s.customer.id,
      // A deleted subscription is over, whatever status the payload still carries.
      status: type === 'customer.subscription.deleted' ? 'canceled' : s.status,
      priceId: item?.price.id ?? null,
      currentPeriodEnd: item?.current_period_end ? new Date(item.current_period_end * 1000) : null,
      cancelAtPeriodEnd: s.cancel_at_period_end ?? false,
      presenterId: z.uuid().safeParse(s.metadata?.presenter_id).data ?? null,
    },
  };
}
