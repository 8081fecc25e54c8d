import { boolean, index, pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import { presenters } from './presenters';

/**
 * A presenter's Stripe customer and the last subscription state Stripe told us about. Stripe is the
 * source of truth; this row is what its webhooks last said (`lastEventAt` orders out-of-order events).
 */
export const billingAccounts = pgTable('billing_accounts', {
  presenterId: uuid('presenter_id')
    .primaryKey()
    .references(() => presenters.id, { onDelete: 'cascade' }),
  stripeCustomerId: text('stripe_customer_id').notNull().unique(),
  subscriptionId: text('subscription_id'),
  subscriptionStatus: text('subscription_status'),
  priceId: text('price_id'),
  currentPeriodEnd: timestamp('current_period_end', { withTimezone: true }),
  cancelAtPeriodEnd: boolean('cancel_at_period_end').notNull().default(false),
  lastEventAt: timestamp('last_event_at', { withTimezone: true }),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
});

/** Professional granted by an administrator, independent of any payment. */
export const planGrants = pgTable('plan_grants', {
  presenterId: uuid('presenter_id')
    .primaryKey()
    .references(() => presenters.id, { onDelete: 'cascade' }),
  grantedById: uuid('granted_by_id'),
  grantedByEmail: text('granted_by_email'),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
});

/** A presenter asked the administrators for Professional (billing off); one request a day mails them. */
export const planRequests = pgTable('plan_requests', {
  presenterId: uuid('presenter_id')
    .primaryKey()
    .references(() => presenters.id, { onDelete: 'cascade' }),
  requestedAt: timestamp('requested_at', { withTimezone: true }).notNull().defaultNow(),
});

/** Every Stripe event applied, by its id: a replayed delivery finds its id here and changes nothing. */
export const stripeEvents = pgTable(
  'stripe_events',
  {
    id: text('id').primaryKey(),
    type: text('type').notNull(),
    presenterId: uuid('presenter_id'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull(),
    receivedAt: timestamp('received_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('stripe_events_received_idx').on(t.receivedAt)],
);

export type BillingAccountRow = typeof billingAccounts.$inferSelect;
