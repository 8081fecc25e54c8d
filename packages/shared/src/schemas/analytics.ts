import { z } from 'zod';
import { GENERATED_BY } from '../enums';
import { MESSAGES } from '../messages';
import { WATCH_EVENT_TYPES } from '../watch-events';
import { paginated } from './common';

/**
 * Analytics contracts (spec section 7; definitions in DOMAIN.md "Sessions, views, watched minutes").
 * Figures are read from rollups kept up to date as events arrive; minutes are decimals (1.5 = 90 s);
 * coverage is a share of the film's timeline between 0 and 1.
 */

/** Played stretches of the film in seconds, sorted and disjoint: [[start, end], ...]. */
export const playedRangesSchema = z.array(z.tuple([z.number(), z.number()]));

export const ANALYTICS_ORDERS = ['newest', 'oldest'] as const;

export const sessionsQueryBody = z
  .object({
    // JSON numbers (z.coerce read `true` as 1), with the messages every paged list gives.
    page: z.int({ error: MESSAGES.numeric }).min(1, 'page must be 1 or more').default(1),
    limit: z
      .int({ error: MESSAGES.numeric })
      .min(1, MESSAGES.range(1, 100))
      .max(100, MESSAGES.range(1, 100))
      .default(20),
    order: z.enum(ANALYTICS_ORDERS).default('newest'),
  })
  .meta({ id: 'SessionsQuery' });
export type SessionsQueryBody = z.input<typeof sessionsQueryBody>;

export const sessionSummarySchema = z
  .object({
    session_id: z.uuid(),
    tracking_link_id: z.uuid(),
    start: z.iso.datetime(),
    /** The viewer's last sign of life (or the page's goodbye). */
    end: z.iso.datetime(),
    /** Seconds between start and end. */
    time_spent: z.number(),
    watched_minutes: z.number(),
    /** 1 when playback started in this session, else 0. */
    views: z.number().int(),
    clicks: z.number().int(),
    events: z.number().int(),
    coverage: z.number(),
    played_ranges: playedRangesSchema,
    country: z.string().nullable(),
    device: z.string().nullable(),
    browser: z.string().nullable(),
    os: z.string().nullable(),
    /** Still sending heartbeats or events within the last two minutes. */
    live: z.boolean(),
  })
  .meta({ id: 'SessionSummary' });
export type SessionSummary = z.infer<typeof sessionSummarySchema>;

export const sessionsPage = paginated(sessionSummarySchema).meta({ id: 'SessionsPage' });
export type SessionsPage = z.infer<typeof sessionsPage>;

export const replayEventSchema = z.object({
  seq: z.number().int(),
  type: z.enum(WATCH_EVENT_TYPES),
  /** When it happened, ISO 8601. */
  at: z.iso.datetime(),
  /** Seconds into the film. */
  position: z.number(),
  data: z.record(z.string(), z.unknown()).nullable(),
});
export type ReplayEvent = z.infer<typeof replayEventSchema>;

export const sessionReplayResponse = z
  .object({
    session: sessionSummarySchema,
    /** The session's first events, up to REPLAY_EVENTS_LIMIT. */
    events: z.array(replayEventSchema),
    /** How many events the session reported in all. */
    events_total: z.number().int(),
  })
  .meta({ id: 'SessionReplay' });
export type SessionReplayResponse = z.infer<typeof sessionReplayResponse>;

export const trackingLinkTotalsResponse = z
  .object({
    sessions: z.number().int(),
    views: z.number().int(),
    watched_minutes: z.number(),
    clicks: z.number().int(),
    /** Share of the film played at least once over all sessions. */
    coverage: z.number(),
    played_ranges: playedRangesSchema,
    /** Seconds, summed over sessions. */
    time_spent: z.number(),
    duration: z.number().nullable(),
    first_session_at: z.iso.datetime().nullable(),
    last_active_at: z.iso.datetime().nullable(),
  })
  .meta({ id: 'TrackingLinkAnalytics' });
export type TrackingLinkTotals = z.infer<typeof trackingLinkTotalsResponse>;

export const dailyPointSchema = z.object({
  /** YYYY-MM-DD in the presenter's time zone. */
  date: z.string(),
  sessions: z.number().int(),
  views: z.number().int(),
  watched_minutes: z.number(),
});
export type DailyPoint = z.infer<typeof dailyPointSchema>;

export const heatMinuteSchema = z.object({
  /** Minute of the film, from 0. */
  minute: z.number().int(),
  /** Viewers (tracking links) who played some of this minute. */
  viewers: z.number().int(),
});
export type HeatMinute = z.infer<typeof heatMinuteSchema>;

export const videoOverviewResponse = z
  .object({
    video_id: z.uuid(),
    duration: z.number().nullable(),
    tracking_links: z.number().int(),
    viewers_opened: z.number().int(),
    sessions: z.number().int(),
    views: z.number().int(),
    watched_minutes: z.number(),
    clicks: z.number().int(),
    /** Mean coverage of the viewers who opened their link. */
    average_coverage: z.number(),
    last_active_at: z.iso.datetime().nullable(),
    daily: z.array(dailyPointSchema),
    heat_map: z.array(heatMinuteSchema),
  })
  .meta({ id: 'VideoOverview' });
export type VideoOverview = z.infer<typeof videoOverviewResponse>;

export const stoppedEarlySchema = z.object({
  tracking_link_id: z.uuid(),
  viewer_name: z.string().nullable(),
  viewer_email: z.string().nullable(),
  generated_by: z.enum(GENERATED_BY),
  coverage: z.number(),
  watched_minutes: z.number(),
  sessions: z.number().int(),
  last_active_at: z.iso.datetime().nullable(),
});
export type StoppedEarlyViewer = z.infer<typeof stoppedEarlySchema>;

export const viewersOverviewResponse = z
  .object({
    /** Tracking links of the film (every viewer given a link). */
    invited: z.number().int(),
    opened: z.number().int(),
    /** Played more than half of the film (coverage > 0.5). */
    watched_half: z.number().int(),
    /** Played at least 95% of the film. */
    finished: z.number().int(),
    /** Opened but played less than half, latest first (at most 10). */
    stopped_early: z.array(stoppedEarlySchema),
  })
  .meta({ id: 'ViewersOverview' });
export type ViewersOverview = z.infer<typeof viewersOverviewResponse>;

export const breakdownRowSchema = z.object({
  value: z.string(),
  sessions: z.number().int(),
  views: z.number().int(),
  watched_minutes: z.number(),
});
export type BreakdownRow = z.infer<typeof breakdownRowSchema>;

export const clientSideOverviewResponse = z
  .object({
    countries: z.array(breakdownRowSchema),
    devices: z.array(breakdownRowSchema),
    browsers: z.array(breakdownRowSchema),
  })
  .meta({ id: 'ClientSideOverview' });
export type ClientSideOverview = z.infer<typeof clientSideOverviewResponse>;

export const videoHeadlineSchema = z.object({
  video_id: z.uuid(),
  tracking_links: z.number().int(),
  viewers_opened: z.number().int(),
  sessions: z.number().int(),
  views: z.number().int(),
  watched_minutes: z.number(),
  average_coverage: z.number(),
  last_active_at: z.iso.datetime().nullable(),
});
export type VideoHeadline = z.infer<typeof videoHeadlineSchema>;

export const overviewOfVideosResponse = z
  .object({ results: z.array(videoHeadlineSchema) })
  .meta({ id: 'OverviewOfVideos' });
export type OverviewOfVideos = z.infer<typeof overviewOfVideosResponse>;

/** Thresholds of the viewers overview. */
export const COVERAGE_HALF = 0.5;
export const COVERAGE_FINISHED = 0.95;
