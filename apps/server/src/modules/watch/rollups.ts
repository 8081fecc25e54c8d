import { COVERAGE_FINISHED, COVERAGE_HALF } from '@screenroom/shared/schemas/analytics';
import type { Database } from '../../db/client';
import { LOCK_FILMS_FIRST } from '../../db/film-lock';
import type { PlayedRanges } from '../../db/schema/watch';
import { coverageOf, mergeRanges, minutesWatched, rangesLength } from './ingest';

type Client = { query: Database['$client']['query'] };

const UNKNOWN = 'Unknown';
const DIMENSIONS = ['browser', 'country', 'device'] as const;
type Audience = Record<(typeof DIMENSIONS)[number], string | null>;

/** The UTC hour a moment falls in: activity is kept by hour and read back as days in any time zone. */
const hourOf = (at: Date) => new Date(Math.floor(at.getTime() / 3_600_000) * 3_600_000).toISOString();

/** The batch's activity is the link's latest (SET reads the row as it was before the update). */
const LATEST = 'v.at IS NOT NULL AND (l.last_active_at IS NULL OR v.at >= l.last_active_at)';

const byKey = <T>(map: Map<string, T>) => [...map.entries()].sort(([a], [b]) => (a < b ? -1 : 1));

/** One counted (not preview) session's new activity, as the event store worked it out. */
export type SessionActivity = {
  trackingLinkId: string;
  videoId: string;
  startedAt: Date;
  audience: Audience;
  duration: number | null;
  views: number;
  watchedSeconds: number;
  clicks: number;
  stretches: PlayedRanges;
  lastAt: Date | null;
};

type LinkCoverage = { id: string; video_id: string; played_ranges: PlayedRanges };
type FilmTotals = {
  views: number;
  watched: number;
  clicks: number;
  half: number;
  finished: number;
  covered: number;
  at: Date | null;
};
type Tally = { views: number; watched: number };

/**
 * Keeps the analytics rollups (tracking link coverage, the film's totals, hourly activity, audience and
 * heat map) up to date inside the caller's transaction. Rows are locked in one order everywhere:
 * the films themselves (db/film-lock.ts), sessions, tracking links by id, then the films' rollup rows
 * by key, so concurrent writers cannot deadlock, with each other or with a film's deletion.
 */
export const rollups = {
  async sessionOpened(
    db: Database,
    s: { videoId: string; startedAt: Date; firstOfLink: boolean } & { audience: Audience },
  ) {
    const client = await db.$client.connect();
    try {
      await client.query('BEGIN');
      const film = await client.query(LOCK_FILMS_FIRST, [[s.videoId]]);
      if (film.rowCount === 0) {
        // Deleted while the session opened: there are no rollups left to count it in.
        await client.query('ROLLBACK');
        return;
      }
      await client.query(
        `INSERT INTO video_analytics (video_id, sessions, viewers_opened, last_active_at) VALUES ($1, 1, $2, $3)
         ON CONFLICT (video_id) DO UPDATE SET sessions = video_analytics.sessions + 1,
           viewers_opened = video_analytics.viewers_opened + excluded.viewers_opened,
           last_active_at = greatest(video_analytics.last_active_at, excluded.last_active_at)`,
        [s.videoId, s.firstOfLink ? 1 : 0, s.startedAt.toISOString()],
      );
      await client.query(
        `INSERT INTO video_activity_hourly (video_id, hour, sessions) VALUES ($1, $2, 1)
         ON CONFLICT (video_id, hour) DO UPDATE SET sessions = video_activity_hourly.sessions + 1`,
        [s.videoId, hourOf(s.startedAt)],
      );
      await client.query(
        `INSERT INTO video_audience (video_id, dimension, value, sessions)
         SELECT $1, d, v, 1 FROM unnest($2::text[], $3::text[]) AS u(d, v)
         ON CONFLICT (video_id, dimension, value) DO UPDATE SET sessions = video_audience.sessions + 1`,
        [s.videoId, [...DIMENSIONS], DIMENSIONS.map((d) => s.audience[d] ?? UNKNOWN)],
      );
      await client.query('COMMIT');
    } catch (error) {
      // A failed ROLLBACK answers as done (db/client.ts): the error thrown is the transaction's.
      await client.query('ROLLBACK');
      throw error;
    } finally {
      client.release();
    }
  },

  async activityAdded(client: Client, activity: SessionActivity[]) {
    if (activity.length === 0) return;
    const linkIds = [...new Set(activity.map((a) => a.trackingLinkId))].sort();
    const locked = await client.query<LinkCoverage>(
      'SELECT id, video_id, played_ranges FROM tracking_links WHERE id = ANY($1::uuid[]) ORDER BY id FOR UPDATE',
      [linkIds],
    );
    const links = new Map(locked.rows.map((l) => [l.id, l]));
    const films = new Map<string, FilmTotals>();
    const hours = new Map<string, Tally & { videoId: string; hour: string }>();
    const audience = new Map<string, Tally & { videoId: string; dimension: string; value: string }>();
    const minutes = new Map<string, { videoId: string; minute: number; viewers: number }>();
    const linkUpdates = new Map<
      string,
      {
        views: number;
        watched: number;
        clicks: number;
        at: Date | null;
        /** Where the latest activity came from: "last seen" names one session's place, time and device. */
        seenOn: Audience | null;
        ranges: PlayedRanges;
      }
    >();

    for (const a of activity) {
      const link = links.get(a.trackingLinkId);
      if (!link) continue;
      const before = link.played_ranges;
      const after = a.stretches.length ? mergeRanges([...before, ...a.stretches]) : before;
      link.played_ranges = after;
      const update = linkUpdates.get(link.id) ?? {
        views: 0,
        watched: 0,
        clicks: 0,
        at: null,
        seenOn: null,
        ranges: after,
      };
      update.views += a.views;
      update.watched += a.watchedSeconds;
      update.clicks += a.clicks;
      update.ranges = after;
      if (a.lastAt && (!update.at || a.lastAt > update.at)) {
        update.at = a.lastAt;
        update.seenOn = a.audience;
      }
      linkUpdates.set(link.id, update);

      const film = films.get(a.videoId) ?? {
        views: 0,
        watched: 0,
        clicks: 0,
        half: 0,
        finished: 0,
        covered: 0,
        at: null,
      };
      film.views += a.views;
      film.watched += a.watchedSeconds;
      film.clicks += a.clicks;
      if (a.lastAt && (!film.at || a.lastAt > film.at)) film.at = a.lastAt;
      if (after !== before) {
        const coveredBefore = rangesLength(before);
        const coveredAfter = rangesLength(after);
        film.covered += coveredAfter - coveredBefore;
        const was = coverageOf(coveredBefore, a.duration);
        const is = coverageOf(coveredAfter, a.duration);
        film.half += Number(was <= COVERAGE_HALF && is > COVERAGE_HALF);
        film.finished += Number(was < COVERAGE_FINISHED && is >= COVERAGE_FINISHED);
        const known = minutesWatched(before, a.duration);
        for (const minute of minutesWatched(after, a.duration)) {
          if (known.has(minute)) continue;
          const key = `${a.videoId}:${String(minute).padStart(6, '0')}`;
          const cell = minutes.get(key) ?? { videoId: a.videoId, minute, viewers: 0 };
          cell.viewers += 1;
          minutes.set(key, cell);
        }
      }
      films.set(a.videoId, film);

      if (a.views === 0 && a.watchedSeconds === 0) continue;
      const hour = hourOf(a.startedAt);
      const hourKey = `${a.videoId}:${hour}`;
      const tally = hours.get(hourKey) ?? { videoId: a.videoId, hour, views: 0, watched: 0 };
      tally.views += a.views;
      tally.watched += a.watchedSeconds;
      hours.set(hourKey, tally);
      for (const dimension of DIMENSIONS) {
        const value = a.audience[dimension] ?? UNKNOWN;
        const key = `${a.videoId}:${dimension}:${value}`;
        const row = audience.get(key) ?? { videoId: a.videoId, dimension, value, views: 0, watched: 0 };
        row.views += a.views;
        row.watched += a.watchedSeconds;
        audience.set(key, row);
      }
    }

    const linkRows = byKey(linkUpdates);
    if (linkRows.length) {
      await client.query(
        `UPDATE tracking_links AS l SET
            views_count = l.views_count + v.views, watched_seconds = l.watched_seconds + v.watched,
            clicks_count = l.clicks_count + v.clicks, played_ranges = v.ranges, covered_seconds = v.covered,
            last_active_at = CASE WHEN v.at IS NULL THEN l.last_active_at ELSE greatest(l.last_active_at, v.at) END,
            last_country = CASE WHEN ${LATEST} THEN v.country ELSE l.last_country END,
            last_device = CASE WHEN ${LATEST} THEN v.device ELSE l.last_device END,
            last_browser = CASE WHEN ${LATEST} THEN v.browser ELSE l.last_browser END
           FROM unnest($1::uuid[], $2::int[], $3::real[], $4::int[], $5::timestamptz[], $6::jsonb[], $7::real[],
                       $8::text[], $9::text[], $10::text[])
                  AS v(id, views, watched, clicks, at, ranges, covered, country, device, browser)
          WHERE l.id = v.id`,
        [
          linkRows.map(([id]) => id),
          linkRows.map(([, u]) => u.views),
          linkRows.map(([, u]) => u.watched),
          linkRows.map(([, u]) => u.clicks),
          linkRows.map(([, u]) => u.at?.toISOString() ?? null),
          linkRows.map(([, u]) => JSON.stringify(u.ranges)),
          linkRows.map(([, u]) => rangesLength(u.ranges)),
          linkRows.map(([, u]) => u.seenOn?.country ?? null),
          linkRows.map(([, u]) => u.seenOn?.device ?? null),
          linkRows.map(([, u]) => u.seenOn?.browser ?? null),
        ],
      );
    }
    const filmRows = byKey(films);
    if (filmRows.length) {
      await client.query(
        `INSERT INTO video_analytics AS f
           (video_id, views, watched_seconds, clicks, viewers_half, viewers_finished, covered_seconds, last_active_at)
         SELECT * FROM unnest($1::uuid[], $2::int[], $3::real[], $4::int[], $5::int[], $6::int[], $7::real[],
                              $8::timestamptz[])
         ON CONFLICT (video_id) DO UPDATE SET views = f.views + excluded.views,
           watched_seconds = f.watched_seconds + excluded.watched_seconds, clicks = f.clicks + excluded.clicks,
           viewers_half = f.viewers_half + excluded.viewers_half,
           viewers_finished = f.viewers_finished + excluded.viewers_finished,
           covered_seconds = f.covered_seconds + excluded.covered_seconds,
           last_active_at = greatest(f.last_active_at, excluded.last_active_at)`,
        [
          filmRows.map(([id]) => id),
          filmRows.map(([, f]) => f.views),
          filmRows.map(([, f]) => f.watched),
          filmRows.map(([, f]) => f.clicks),
          filmRows.map(([, f]) => f.half),
          filmRows.map(([, f]) => f.finished),
          filmRows.map(([, f]) => f.covered),
          filmRows.map(([, f]) => f.at?.toISOString() ?? null),
        ],
      );
    }
    const hourRows = byKey(hours);
    if (hourRows.length) {
      await client.query(
        `INSERT INTO video_activity_hourly AS h (video_id, hour, views, watched_seconds)
         SELECT * FROM unnest($1::uuid[], $2::timestamptz[], $3::int[], $4::real[])
         ON CONFLICT (video_id, hour) DO UPDATE SET views = h.views + excluded.views,
           watched_seconds = h.watched_seconds + excluded.watched_seconds`,
        [
          hourRows.map(([, h]) => h.videoId),
          hourRows.map(([, h]) => h.hour),
          hourRows.map(([, h]) => h.views),
          hourRows.map(([, h]) => h.watched),
        ],
      );
    }
    const audienceRows = byKey(audience);
    if (audienceRows.length) {
      await client.query(
        `INSERT INTO video_audience AS a (video_id, dimension, value, views, watched_seconds)
         SELECT * FROM unnest($1::uuid[], $2::text[], $3::text[], $4::int[], $5::real[])
         ON CONFLICT (video_id, dimension, value) DO UPDATE SET views = a.views + excluded.views,
           watched_seconds = a.watched_seconds + excluded.watched_seconds`,
        [
          audienceRows.map(([, a]) => a.videoId),
          audienceRows.map(([, a]) => a.dimension),
          audienceRows.map(([, a]) => a.value),
          audienceRows.map(([, a]) => a.views),
          audienceRows.map(([, a]) => a.watched),
        ],
      );
    }
    const minuteRows = byKey(minutes);
    if (minuteRows.length) {
      await client.query(
        `INSERT INTO video_minute_viewers AS m (video_id, minute, viewers)
         SELECT * FROM unnest($1::uuid[], $2::int[], $3::int[])
         ON CONFLICT (video_id, minute) DO UPDATE SET viewers = m.viewers + excluded.viewers`,
        [
          minuteRows.map(([, m]) => m.videoId),
          minuteRows.map(([, m]) => m.minute),
          minuteRows.map(([, m]) => m.viewers),
        ],
      );
    }
  },
};
