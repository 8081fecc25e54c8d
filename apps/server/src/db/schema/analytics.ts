import { integer, pgTable, primaryKey, real, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import { videos } from './videos';

/*
 * Per-film rollups, kept up to date as sessions open and events arrive (modules/analytics/rollups.ts),
 * so a film's overview reads a handful of small rows whatever the number of events. Preview sessions
 * never reach them.
 */

/** A film's totals. The row appears with its first counted session. */
export const videoAnalytics = pgTable('video_analytics', {
  videoId: uuid('video_id')
    .primaryKey()
    .references(() => videos.id, { onDelete: 'cascade' }),
  sessions: integer('sessions').notNull().default(0),
  views: integer('views').notNull().default(0),
  watchedSeconds: real('watched_seconds').notNull().default(0),
  clicks: integer('clicks').notNull().default(0),
  /** Tracking links with at least one session. */
  viewersOpened: integer('viewers_opened').notNull().default(0),
  /** Tracking links whose coverage passed one half / 95% of the film. */
  viewersHalf: integer('viewers_half').notNull().default(0),
  viewersFinished: integer('viewers_finished').notNull().default(0),
  /** Sum over tracking links of the seconds of film each played at least once (for average coverage). */
  coveredSeconds: real('covered_seconds').notNull().default(0),
  lastActiveAt: timestamp('last_active_at', { withTimezone: true }),
});

/** Sessions, views and watched time by the UTC hour the session started (read as days in any time zone). */
export const videoActivityHourly = pgTable(
  'video_activity_hourly',
  {
    videoId: uuid('video_id')
      .notNull()
      .references(() => videos.id, { onDelete: 'cascade' }),
    hour: timestamp('hour', { withTimezone: true }).notNull(),
    sessions: integer('sessions').notNull().default(0),
    views: integer('views').notNull().default(0),
    watchedSeconds: real('watched_seconds').notNull().default(0),
  },
  (t) => [primaryKey({ columns: [t.videoId, t.hour] })],
);

/** Sessions, views and watched time by country, device type and browser. */
export const videoAudience = pgTable(
  'video_audience',
  {
    videoId: uuid('video_id')
      .notNull()
      .references(() => videos.id, { onDelete: 'cascade' }),
    dimension: text('dimension').$type<'country' | 'device' | 'browser'>().notNull(),
    value: text('value').notNull(),
    sessions: integer('sessions').notNull().default(0),
    views: integer('views').notNull().default(0),
    watchedSeconds: real('watched_seconds').notNull().default(0),
  },
  (t) => [primaryKey({ columns: [t.videoId, t.dimension, t.value] })],
);

/** The heat map: for each minute of the film, how many viewers (tracking links) played some of it. */
export const videoMinuteViewers = pgTable(
  'video_minute_viewers',
  {
    videoId: uuid('video_id')
      .notNull()
      .references(() => videos.id, { onDelete: 'cascade' }),
    minute: integer('minute').notNull(),
    viewers: integer('viewers').notNull().default(0),
  },
  (t) => [primaryKey({ columns: [t.videoId, t.minute] })],
);
