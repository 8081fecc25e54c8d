import { index, integer, pgTable, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { presenters } from './presenters';
import { trackingLinks } from './tracking-links';
import { videos } from './videos';

/**
 * A film's one anonymous link ("magic link"): a shareable URL with no named invitee. Each distinct
 * person+device who opens it gets a tracking link of their own; the usage limit counts those.
 */
export const anonymousLinks = pgTable('anonymous_links', {
  id: uuid('id').primaryKey().defaultRandom(),
  videoId: uuid('video_id')
    .notNull()
    .unique()
    .references(() => videos.id, { onDelete: 'cascade' }),
  presenterId: uuid('presenter_id')
    .notNull()
    .references(() => presenters.id, { onDelete: 'cascade' }),
  code: text('code').notNull().unique(),
  usageLimit: integer('usage_limit'),
  endsAt: timestamp('ends_at', { withTimezone: true }),
  status: text('status').$type<'active' | 'disabled'>().notNull().default('active'),
  disabledAt: timestamp('disabled_at', { withTimezone: true }),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
});

export type AnonymousLinkRow = typeof anonymousLinks.$inferSelect;

/** Each e-mail invitation sent for a tracking link: kept with its outcome, so a failed one can be re-sent. */
export const invitations = pgTable(
  'invitations',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    trackingLinkId: uuid('tracking_link_id')
      .notNull()
      .references(() => trackingLinks.id, { onDelete: 'cascade' }),
    presenterId: uuid('presenter_id')
      .notNull()
      .references(() => presenters.id, { onDelete: 'cascade' }),
    fromName: text('from_name').notNull(),
    subject: text('subject').notNull(),
    content: text('content').notNull(),
    status: text('status').$type<'sent' | 'failed'>().notNull(),
    error: text('error'),
    sentAt: timestamp('sent_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('invitations_link_idx').on(t.trackingLinkId, t.createdAt)],
);

export type InvitationRow = typeof invitations.$inferSelect;

/**
 * Invitation mails being sent right now, held against the presenter's daily allowance until they are
 * recorded as sent: two sendings at once each see the other's mails, so together they cannot pass it.
 * A hold left by a process that stopped mid-sending lapses after an hour.
 */
export const mailAllowanceHolds = pgTable(
  'mail_allowance_holds',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    presenterId: uuid('presenter_id')
      .notNull()
      .references(() => presenters.id, { onDelete: 'cascade' }),
    mails: integer('mails').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('mail_allowance_holds_presenter_idx').on(t.presenterId, t.createdAt)],
);

/** An industry event (festival market) that presenters list films in, by its market code. */
export const markets = pgTable('markets', {
  id: uuid('id').primaryKey().defaultRandom(),
  name: text('name').notNull(),
  code: text('code').notNull().unique(),
  startsAt: timestamp('starts_at', { withTimezone: true }),
  endsAt: timestamp('ends_at', { withTimezone: true }),
  status: text('status').$type<'open' | 'closed'>().notNull().default('open'),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
});

export type MarketRow = typeof markets.$inferSelect;

export const marketVideos = pgTable(
  'market_videos',
  {
    marketId: uuid('market_id')
      .notNull()
      .references(() => markets.id, { onDelete: 'cascade' }),
    videoId: uuid('video_id')
      .notNull()
      .references(() => videos.id, { onDelete: 'cascade' }),
    presenterId: uuid('presenter_id')
      .notNull()
      .references(() => presenters.id, { onDelete: 'cascade' }),
    pushedAt: timestamp('pushed_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [uniqueIndex('market_videos_pair_idx').on(t.marketId, t.videoId)],
);
