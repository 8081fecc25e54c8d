import {
  boolean,
  index,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  real,
  text,
  timestamp,
  uuid,
} from 'drizzle-orm/pg-core';
import { presenters } from './presenters';
import { trackingLinks } from './tracking-links';
import { videos } from './videos';

/** Merged intervals of the film's timeline, in seconds: [[start, end], ...], sorted and disjoint. */
export type PlayedRanges = [number, number][];

/**
 * One visit of a tracking link's watch page that passed the access checks. Its figures are kept up to
 * date as events arrive, so the analytics never scan raw events per request.
 */
export const watchSessions = pgTable(
  'watch_sessions',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    trackingLinkId: uuid('tracking_link_id')
      .notNull()
      .references(() => trackingLinks.id, { onDelete: 'cascade' }),
    videoId: uuid('video_id')
      .notNull()
      .references(() => videos.id, { onDelete: 'cascade' }),
    presenterId: uuid('presenter_id')
      .notNull()
      .references(() => presenters.id, { onDelete: 'cascade' }),
    /** The owner's preview: played like a viewer's, never counted. */
    isPreview: boolean('is_preview').notNull().default(false),
    /** Renews playback tokens (heartbeats); only its hash is kept. */
    secretHash: text('secret_hash').notNull(),
    startedAt: timestamp('started_at', { withTimezone: true }).notNull().defaultNow(),
    /** The viewer's last sign of life (an event or a heartbeat): the session's end. */
    lastSeenAt: timestamp('last_seen_at', { withTimezone: true }).notNull().defaultNow(),
    /** Set when the page said goodbye (unload); otherwise the end is the last sign of life. */
    closedAt: timestamp('closed_at', { withTimezone: true }),
    country: text('country'),
    deviceType: text('device_type'),
    browser: text('browser'),
    os: text('os'),
    watchedSeconds: real('watched_seconds').notNull().default(0),
    playedRanges: jsonb('played_ranges').$type<PlayedRanges>().notNull().default([]),
    views: integer('views').notNull().default(0),
    clicks: integer('clicks').notNull().default(0),
    eventsCount: integer('events_count').notNull().default(0),
    lastPosition: real('last_position'),
  },
  (t) => [
    index('watch_sessions_link_idx').on(t.trackingLinkId, t.startedAt),
    index('watch_sessions_video_idx').on(t.videoId, t.startedAt),
  ],
);

export type WatchSessionRow = typeof watchSessions.$inferSelect;

/** One thing that happened in a session; (session, seq) is unique, so a retried batch counts once. */
export const watchEvents = pgTable(
  'watch_events',
  {
    sessionId: uuid('session_id')
      .notNull()
      .references(() => watchSessions.id, { onDelete: 'cascade' }),
    seq: integer('seq').notNull(),
    type: text('type').notNull(),
    at: timestamp('at', { withTimezone: true }).notNull(),
    position: real('position').notNull(),
    data: jsonb('data').$type<Record<string, unknown>>(),
  },
  (t) => [primaryKey({ columns: [t.sessionId, t.seq] })],
);
