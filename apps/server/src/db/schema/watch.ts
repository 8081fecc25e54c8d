import type { WatchEvent } from '@screenroom/shared/schemas/watch';
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
    /**
     * A preview's sign-in: the presenter's auth session that opened it. The preview plays only while
     * that sign-in is live (signing out ends it).
     */
    authSessionId: uuid('auth_session_id'),
    /** Renews playback tokens (heartbeats); only its hash is kept. */
    secretHash: text('secret_hash').notNull(),
    startedAt: timestamp('started_at', { withTimezone: true }).notNull().defaultNow(),
    /** The viewer's last sign of life (an event or a heartbeat): the session's end. */
    lastSeenAt: timestamp('last_seen_at', { withTimezone: true }).notNull().defaultNow(),
    /** Set when the page said goodbye (unload); otherwise the end is the last sign of life. */
    closedAt: timestamp('closed_at', { withTimezone: true }),
    /**
     * Silences of two minutes or more (SESSION_IDLE_MS) between signs of life that the same page then
     * broke (a laptop asleep, the network lost): the session had ended there (DOMAIN.md), so they are
     * left out of its time spent, and the page goes on with the same session.
     */
    silentSeconds: real('silent_seconds').notNull().default(0),
    /**
     * The latest of those silences, while the page's own events may still give part of it back: a page
     * offline plays its buffer and sends its reports after the heartbeat that counted the gap (silence.ts).
     */
    silenceFrom: timestamp('silence_from', { withTimezone: true }),
    silenceTo: timestamp('silence_to', { withTimezone: true }),
    /** How far ahead of ours the page's clock was seen to run (its reports read in our time, silence.ts). */
    clockAheadMs: integer('clock_ahead_ms').notNull().default(0),
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
    /**
     * The highest seq stored: `last_position` is that event's (batches may arrive out of order). A
     * resumed session moves it to just below its new page's first seq (WatchService.open).
     */
    lastSeq: integer('last_seq'),
  },
  (t) => [
    index('watch_sessions_link_idx').on(t.trackingLinkId, t.startedAt),
    index('watch_sessions_video_idx').on(t.videoId, t.startedAt),
  ],
);

export type WatchSessionRow = typeof watchSessions.$inferSelect;

/**
 * One batch of a session's events, as the player sent it (only the seqs the session did not have yet),
 * sorted by seq: `events` holds `{ seq, type, at (epoch ms), position, data }` objects. One row per batch
 * rather than per event: the INSERT is most of what PostgreSQL does under viewer load, and a row per event
 * cost it three and a half times as much. The projector stores only seqs the session does not have
 * (EventStore), so a batch replayed or retried counts once; the `watch_events` view (migration 0009)
 * unrolls the events for readers.
 */
export const watchEventBatches = pgTable(
  'watch_event_batches',
  {
    sessionId: uuid('session_id')
      .notNull()
      .references(() => watchSessions.id, { onDelete: 'cascade' }),
    firstSeq: integer('first_seq').notNull(),
    lastSeq: integer('last_seq').notNull(),
    events: jsonb('events').$type<WatchEvent[]>().notNull(),
  },
  (t) => [primaryKey({ columns: [t.sessionId, t.firstSeq] })],
);
