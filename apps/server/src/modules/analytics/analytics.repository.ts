import type { GeneratedBy } from '@screenroom/shared/enums';
import { REPLAY_EVENTS_LIMIT } from '@screenroom/shared/watch-events';
import type { Database } from '../../db/client';
import type { PlayedRanges } from '../../db/schema/watch';

/*
 * Reads of the analytics rollups (written by the watch module as events arrive). Each call is one
 * statement, scoped to the presenter in its WHERE clause: an overview costs one round trip whatever
 * the number of events, and another presenter's id finds nothing.
 */

/** Counted viewers: every tracking link but the owner's preview link. */
const COUNTED_LINK = "t.generated_by <> 'preview'";

/** A session as the analytics show it; timestamps come back as text from JSON. */
export type SessionRecord = {
  id: string;
  tracking_link_id: string;
  started_at: string;
  last_seen_at: string;
  closed_at: string | null;
  silent_seconds: number;
  watched_seconds: number;
  played_ranges: PlayedRanges;
  views: number;
  clicks: number;
  events_count: number;
  country: string | null;
  device_type: string | null;
  browser: string | null;
  os: string | null;
};
const SESSION_JSON = `json_build_object('id', w.id, 'tracking_link_id', w.tracking_link_id,
  'started_at', w.started_at, 'last_seen_at', w.last_seen_at, 'closed_at', w.closed_at,
  'silent_seconds', w.silent_seconds, 'watched_seconds', w.watched_seconds, 'played_ranges', w.played_ranges, 'views', w.views, 'clicks', w.clicks,
  'events_count', w.events_count, 'country', w.country, 'device_type', w.device_type, 'browser', w.browser,
  'os', w.os)`;

/**
 * Whether the session's link still lets it watch (what the watch module checks at every heartbeat): a
 * session is shown live only while it may (a revoked link's page stops within one heartbeat).
 */
export type LinkPlayRecord = {
  /** Revoked, or made through an anonymous link since disabled. */
  link_withdrawn: boolean;
  /** When the link stops playing by date: its own end or its anonymous link's, the earlier. */
  link_ends_at: string | null;
};
const LINK_PLAY = `(t.status = 'revoked' OR coalesce(al.status = 'disabled', false)) AS link_withdrawn,
  least(t.ends_at, al.ends_at) AS link_ends_at`;
const WITH_ANONYMOUS_LINK = 'LEFT JOIN anonymous_links al ON al.id = t.anonymous_link_id';

export type EventRecord = {
  seq: number;
  type: string;
  at: string;
  position: number;
  data: Record<string, unknown> | null;
};

export type FilmTotals = {
  duration: number | null;
  links: number;
  sessions: number;
  views: number;
  watched_seconds: number;
  clicks: number;
  viewers_opened: number;
  viewers_half: number;
  viewers_finished: number;
  covered_seconds: number;
  last_active_at: Date | null;
};
const FILM_TOTALS = `v.duration_seconds AS duration,
  (SELECT count(*)::int FROM tracking_links t WHERE t.video_id = v.id AND ${COUNTED_LINK}) AS links,
  coalesce(a.sessions, 0) AS sessions, coalesce(a.views, 0) AS views,
  coalesce(a.watched_seconds, 0) AS watched_seconds, coalesce(a.clicks, 0) AS clicks,
  coalesce(a.viewers_opened, 0) AS viewers_opened, coalesce(a.viewers_half, 0) AS viewers_half,
  coalesce(a.viewers_finished, 0) AS viewers_finished, coalesce(a.covered_seconds, 0) AS covered_seconds,
  a.last_active_at`;
const OWNED_FILM = `FROM videos v LEFT JOIN video_analytics a ON a.video_id = v.id
  WHERE v.id = $1 AND v.presenter_id = $2`;

export type FilmOverviewRecord = FilmTotals & {
  daily: { date: string; sessions: number; views: number; watched_seconds: number }[];
  heat: [number, number][];
};

export type StoppedEarlyRecord = {
  id: string;
  viewer_name: string | null;
  viewer_email: string | null;
  generated_by: GeneratedBy;
  covered_seconds: number;
  watched_seconds: number;
  sessions_count: number;
  last_active_at: string | null;
};

export type LinkTotalsRecord = {
  duration: number | null;
  sessions_count: number;
  views_count: number;
  watched_seconds: number;
  clicks_count: number;
  covered_seconds: number;
  played_ranges: PlayedRanges;
  last_active_at: Date | null;
  time_spent: number;
  first_at: Date | null;
};

export type AudienceRecord = {
  dimension: string;
  value: string;
  sessions: number;
  views: number;
  watched_seconds: number;
};

export type HeadlineRecord = FilmTotals & { video_id: string };

export class AnalyticsRepository {
  constructor(private readonly db: Database) {}

  private async one<T>(text: string, values: unknown[]) {
    const { rows } = await this.db.$client.query(text, values);
    return rows[0] as T | undefined;
  }

  /** A page of a link's sessions and their number; undefined when the link is not the presenter's. */
  sessionsOfLink(
    presenterId: string,
    linkId: string,
    page: { offset: number; limit: number; newestFirst: boolean },
  ) {
    const order = page.newestFirst ? 'w.started_at DESC, w.id' : 'w.started_at, w.id';
    return this.one<LinkPlayRecord & { duration: number | null; total: number; sessions: SessionRecord[] }>(
      `SELECT v.duration_seconds AS duration, ${LINK_PLAY},
         (SELECT count(*)::int FROM watch_sessions w WHERE w.tracking_link_id = t.id AND NOT w.is_preview) AS total,
         (SELECT coalesce(json_agg(p.s ORDER BY p.n), '[]') FROM (
            SELECT ${SESSION_JSON} AS s, row_number() OVER (ORDER BY ${order}) AS n
              FROM watch_sessions w WHERE w.tracking_link_id = t.id AND NOT w.is_preview
             ORDER BY ${order} LIMIT $3 OFFSET $4) p) AS sessions
       FROM tracking_links t JOIN videos v ON v.id = t.video_id ${WITH_ANONYMOUS_LINK}
       WHERE t.id = $1 AND t.presenter_id = $2`,
      [linkId, presenterId, page.limit, page.offset],
    );
  }

  /** One session of the link with its events in order; undefined unless both are the presenter's. */
  sessionWithEvents(presenterId: string, linkId: string, sessionId: string) {
    return this.one<
      LinkPlayRecord & {
        duration: number | null;
        session: SessionRecord;
        events: EventRecord[];
        events_total: number;
      }
    >(
      `SELECT v.duration_seconds AS duration, ${LINK_PLAY}, ${SESSION_JSON} AS session,
         (SELECT coalesce(json_agg(json_build_object('seq', e.seq, 'type', e.type, 'at', e.at,
                   'position', e.position, 'data', e.data) ORDER BY e.seq), '[]')
            FROM (SELECT * FROM watch_events WHERE session_id = w.id ORDER BY seq LIMIT $4) e) AS events,
         (SELECT count(*)::int FROM watch_events WHERE session_id = w.id) AS events_total
       FROM watch_sessions w
       JOIN tracking_links t ON t.id = w.tracking_link_id
       JOIN videos v ON v.id = w.video_id
       ${WITH_ANONYMOUS_LINK}
       WHERE w.id = $1 AND w.tracking_link_id = $2 AND t.presenter_id = $3 AND NOT w.is_preview`,
      [sessionId, linkId, presenterId, REPLAY_EVENTS_LIMIT],
    );
  }

  /** A link's rollup, with time spent and first start over its sessions (a viewer has a handful). */
  linkTotals(presenterId: string, linkId: string) {
    return this.one<LinkTotalsRecord>(
      `SELECT v.duration_seconds AS duration, t.sessions_count, t.views_count, t.watched_seconds, t.clicks_count,
              t.covered_seconds, t.played_ranges, t.last_active_at, s.time_spent, s.first_at
       FROM tracking_links t
       JOIN videos v ON v.id = t.video_id
       CROSS JOIN LATERAL (
         SELECT coalesce(sum(greatest(0, extract(epoch FROM coalesce(w.closed_at, w.last_seen_at) - w.started_at)
                                  - w.silent_seconds)), 0)::float8
                  AS time_spent,
                min(w.started_at) AS first_at
           FROM watch_sessions w WHERE w.tracking_link_id = t.id AND NOT w.is_preview) s
       WHERE t.id = $1 AND t.presenter_id = $2`,
      [linkId, presenterId],
    );
  }

  /** The film's totals, its activity folded into days of `timeZone`, and its heat map. */
  filmOverview(presenterId: string, videoId: string, timeZone: string) {
    return this.one<FilmOverviewRecord>(
      `SELECT ${FILM_TOTALS},
         (SELECT coalesce(json_agg(d ORDER BY d.date), '[]') FROM (
            SELECT to_char(h.hour AT TIME ZONE $3, 'YYYY-MM-DD') AS date, sum(h.sessions)::int AS sessions,
                   sum(h.views)::int AS views, sum(h.watched_seconds)::float8 AS watched_seconds
              FROM video_activity_hourly h WHERE h.video_id = v.id GROUP BY 1) d) AS daily,
         (SELECT coalesce(json_agg(json_build_array(m.minute, m.viewers) ORDER BY m.minute), '[]')
            FROM video_minute_viewers m WHERE m.video_id = v.id) AS heat
       ${OWNED_FILM}`,
      [videoId, presenterId, timeZone],
    );
  }

  /** The film's viewer counts and the viewers who opened but played at most `maxCoverage` of it. */
  viewers(presenterId: string, videoId: string, maxCoverage: number, limit: number) {
    return this.one<FilmTotals & { stopped_early: StoppedEarlyRecord[] }>(
      `SELECT ${FILM_TOTALS},
         (SELECT coalesce(json_agg(e ORDER BY e.last_active_at DESC NULLS LAST, e.id), '[]') FROM (
            SELECT t.id, t.viewer_name, t.viewer_email, t.generated_by, t.covered_seconds, t.watched_seconds, t.sessions_count,
                   t.last_active_at
              FROM tracking_links t
             WHERE t.video_id = v.id AND ${COUNTED_LINK} AND t.sessions_count > 0
               AND (v.duration_seconds IS NULL OR t.covered_seconds <= v.duration_seconds * $3)
             ORDER BY t.last_active_at DESC NULLS LAST, t.id LIMIT $4) e) AS stopped_early
       ${OWNED_FILM}`,
      [videoId, presenterId, maxCoverage, limit],
    );
  }

  /**
   * The film's audience rows, most sessions first; undefined when the film is not the presenter's.
   * Browsers are counted by name: "Chrome 129" and "Chrome 131" are one browser to a presenter.
   */
  async audience(presenterId: string, videoId: string) {
    const row = await this.one<{ rows: AudienceRecord[] }>(
      `SELECT (SELECT coalesce(json_agg(u ORDER BY u.sessions DESC, u.value), '[]') FROM (
                 SELECT dimension,
                        CASE WHEN dimension = 'browser' THEN regexp_replace(value, ' [0-9]+$', '') ELSE value END
                          AS value,
                        sum(sessions)::int AS sessions, sum(views)::int AS views,
                        sum(watched_seconds)::real AS watched_seconds
                   FROM video_audience WHERE video_id = v.id GROUP BY 1, 2) u) AS rows
       FROM videos v WHERE v.id = $1 AND v.presenter_id = $2`,
      [videoId, presenterId],
    );
    return row?.rows;
  }

  /** Every film of the presenter with its totals, newest first. */
  async headlines(presenterId: string) {
    const { rows } = await this.db.$client.query(
      `SELECT v.id AS video_id, ${FILM_TOTALS}
       FROM videos v LEFT JOIN video_analytics a ON a.video_id = v.id
       WHERE v.presenter_id = $1 ORDER BY v.created_at DESC`,
      [presenterId],
    );
    return rows as HeadlineRecord[];
  }
}
