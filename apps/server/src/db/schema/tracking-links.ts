import type { GeneratedBy, GeoRestrictionType, TrackingLinkStatus } from '@screenroom/shared/enums';
import { sql } from 'drizzle-orm';
import {
  index,
  integer,
  jsonb,
  pgTable,
  real,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';
import { presenters } from './presenters';
import { videos } from './videos';

/**
 * One viewer's access to one film (the API's `/screeners` record): its secret token, its limits, and
 * the rolled-up figures of every session opened through it.
 */
export const trackingLinks = pgTable(
  'tracking_links',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    videoId: uuid('video_id')
      .notNull()
      .references(() => videos.id, { onDelete: 'cascade' }),
    /** The owner, kept on the row so every read is scoped without a join. */
    presenterId: uuid('presenter_id')
      .notNull()
      .references(() => presenters.id, { onDelete: 'cascade' }),
    /**
     * The viewer's token (the secret in `/watch/<token>`) is never stored as it is: its SHA-256 (hex) is
     * what every lookup by token compares, and the token sealed with `MASTER_KEY` is the presenter's copy
     * of the link. A database dump thus opens no film.
     */
    tokenHash: text('token_hash').notNull().unique(),
    tokenEnc: text('token_enc'),
    /**
     * The token in plain text, as links made before migration 0021 stored it: sealed into `token_enc`
     * and cleared when the server starts (`sealPlainViewerTokens`), so no row keeps one after that.
     */
    plainToken: text('token'),
    viewerName: text('viewer_name'),
    viewerEmail: text('viewer_email'),
    usageLimit: integer('usage_limit'),
    endsAt: timestamp('ends_at', { withTimezone: true }),
    geoRestrictionType: text('geo_restriction_type').$type<GeoRestrictionType>().notNull().default('none'),
    geoCountries: text('geo_countries').array().notNull().default(sql`'{}'::text[]`),
    generatedBy: text('generated_by').$type<GeneratedBy>().notNull(),
    status: text('status').$type<TrackingLinkStatus>().notNull().default('active'),
    /** When the presenter last revoked it; cleared when they enable it again. */
    revokedAt: timestamp('revoked_at', { withTimezone: true }),
    invitedAt: timestamp('invited_at', { withTimezone: true }),
    /**
     * Set while a server sends this link's invitation (claimed with the row locked, cleared once the
     * outcome is recorded), so a second sending, on any server, is refused rather than mailing twice.
     * A claim left by a process that stopped mid-sending lapses (TrackingLinksService).
     */
    invitationSendingSince: timestamp('invitation_sending_since', { withTimezone: true }),
    /** Set for links made through an anonymous link: the browser's device id. */
    anonymousLinkId: uuid('anonymous_link_id'),
    deviceId: text('device_id'),
    marketId: uuid('market_id'),
    // Rollups, kept up to date as sessions and events arrive (the analytics read them, never raw events).
    sessionsCount: integer('sessions_count').notNull().default(0),
    viewsCount: integer('views_count').notNull().default(0),
    watchedSeconds: real('watched_seconds').notNull().default(0),
    clicksCount: integer('clicks_count').notNull().default(0),
    /** Every stretch of the film this viewer played, over all sessions (merged), and its length. */
    playedRanges: jsonb('played_ranges').$type<[number, number][]>().notNull().default([]),
    coveredSeconds: real('covered_seconds').notNull().default(0),
    lastCountry: text('last_country'),
    lastDevice: text('last_device'),
    lastBrowser: text('last_browser'),
    lastActiveAt: timestamp('last_active_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true })
      .notNull()
      .defaultNow()
      .$onUpdate(() => sql`now()`),
  },
  (t) => [
    index('tracking_links_video_idx').on(t.videoId, t.createdAt),
    index('tracking_links_presenter_idx').on(t.presenterId),
    // One viewer e-mail has at most one tracking link per film.
    uniqueIndex('tracking_links_video_email_idx')
      .on(t.videoId, t.viewerEmail)
      .where(sql`${t.viewerEmail} is not null`),
    // One tracking link per person+device of an anonymous link.
    uniqueIndex('tracking_links_anonymous_device_idx')
      .on(t.anonymousLinkId, t.deviceId)
      .where(sql`${t.anonymousLinkId} is not null`),
    // One owner's preview link per film.
    uniqueIndex('tracking_links_preview_idx').on(t.videoId).where(sql`${t.generatedBy} = 'preview'`),
  ],
);

export type TrackingLinkRow = typeof trackingLinks.$inferSelect;
