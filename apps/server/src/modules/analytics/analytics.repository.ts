import { and, asc, count, desc, eq, gt, lte, ne, sql } from 'drizzle-orm';
import type { Database } from '../../db/client';
import {
  videoActivityHourly,
  videoAnalytics,
  videoAudience,
  videoMinuteViewers,
} from '../../db/schema/analytics';
import { trackingLinks } from '../../db/schema/tracking-links';
import { videos } from '../../db/schema/videos';
import { watchEvents, watchSessions } from '../../db/schema/watch';

/** Counted viewers: every tracking link but the owner's preview link. */
const countedLink = ne(trackingLinks.generatedBy, 'preview');
const countedSession = eq(watchSessions.isPreview, false);

/** Reads the analytics rollups (written by the watch module as events arrive) and, for replay, events. */
export class AnalyticsRepository {
  constructor(private readonly db: Database) {}

  async sessionsOfLink(linkId: string, page: { offset: number; limit: number; newestFirst: boolean }) {
    const where = and(eq(watchSessions.trackingLinkId, linkId), countedSession);
    const [rows, [total]] = await Promise.all([
      this.db
        .select()
        .from(watchSessions)
        .where(where)
        .orderBy(
          page.newestFirst ? desc(watchSessions.startedAt) : asc(watchSessions.startedAt),
          asc(watchSessions.id),
        )
        .offset(page.offset)
        .limit(page.limit),
      this.db.select({ n: count() }).from(watchSessions).where(where),
    ]);
    return { rows, total: total?.n ?? 0 };
  }

  async sessionOfLink(linkId: string, sessionId: string) {
    const [row] = await this.db
      .select()
      .from(watchSessions)
      .where(and(eq(watchSessions.id, sessionId), eq(watchSessions.trackingLinkId, linkId), countedSession));
    return row;
  }

  eventsOf(sessionId: string) {
    return this.db
      .select()
      .from(watchEvents)
      .where(eq(watchEvents.sessionId, sessionId))
      .orderBy(asc(watchEvents.seq));
  }

  /** Time spent and first start over a link's sessions (a viewer has a handful, so this stays small). */
  async linkSessionSpan(linkId: string) {
    const [row] = await this.db
      .select({
        timeSpent:
          sql<number>`coalesce(sum(extract(epoch from coalesce(${watchSessions.closedAt}, ${watchSessions.lastSeenAt}) - ${watchSessions.startedAt})), 0)`.mapWith(
            Number,
          ),
        firstAt: sql<Date | null>`min(${watchSessions.startedAt})`.mapWith((v) => (v ? new Date(v) : null)),
      })
      .from(watchSessions)
      .where(and(eq(watchSessions.trackingLinkId, linkId), countedSession));
    return row ?? { timeSpent: 0, firstAt: null };
  }

  async filmTotals(videoId: string) {
    const [row] = await this.db.select().from(videoAnalytics).where(eq(videoAnalytics.videoId, videoId));
    return row;
  }

  async linksOfFilm(videoId: string) {
    const [row] = await this.db
      .select({ n: count() })
      .from(trackingLinks)
      .where(and(eq(trackingLinks.videoId, videoId), countedLink));
    return row?.n ?? 0;
  }

  /** Hourly activity folded into days of the given IANA time zone. */
  dailyActivity(videoId: string, timeZone: string) {
    const day = sql<string>`to_char(${videoActivityHourly.hour} at time zone ${timeZone}, 'YYYY-MM-DD')`;
    return (
      this.db
        .select({
          date: day,
          sessions: sql<number>`sum(${videoActivityHourly.sessions})`.mapWith(Number),
          views: sql<number>`sum(${videoActivityHourly.views})`.mapWith(Number),
          watchedSeconds: sql<number>`sum(${videoActivityHourly.watchedSeconds})`.mapWith(Number),
        })
        .from(videoActivityHourly)
        .where(eq(videoActivityHourly.videoId, videoId))
        // By position: the day expression holds a parameter, which Postgres would not match as the same.
        .groupBy(sql`1`)
        .orderBy(sql`1`)
    );
  }

  heatMap(videoId: string) {
    return this.db
      .select({ minute: videoMinuteViewers.minute, viewers: videoMinuteViewers.viewers })
      .from(videoMinuteViewers)
      .where(eq(videoMinuteViewers.videoId, videoId))
      .orderBy(asc(videoMinuteViewers.minute));
  }

  audience(videoId: string) {
    return this.db
      .select()
      .from(videoAudience)
      .where(eq(videoAudience.videoId, videoId))
      .orderBy(desc(videoAudience.sessions), asc(videoAudience.value));
  }

  /** Viewers who opened their link but played no more than `maxCoveredSeconds` of the film, latest first. */
  stoppedEarly(videoId: string, maxCoveredSeconds: number, limit: number) {
    return this.db
      .select()
      .from(trackingLinks)
      .where(
        and(
          eq(trackingLinks.videoId, videoId),
          countedLink,
          gt(trackingLinks.sessionsCount, 0),
          lte(trackingLinks.coveredSeconds, maxCoveredSeconds),
        ),
      )
      .orderBy(sql`${trackingLinks.lastActiveAt} desc nulls last`, asc(trackingLinks.id))
      .limit(limit);
  }

  /** Every film of the presenter with its totals and number of viewers' links. */
  headlines(presenterId: string) {
    const links = this.db
      .select({ videoId: trackingLinks.videoId, n: count().as('n') })
      .from(trackingLinks)
      .where(and(eq(trackingLinks.presenterId, presenterId), countedLink))
      .groupBy(trackingLinks.videoId)
      .as('links');
    return this.db
      .select({
        videoId: videos.id,
        duration: videos.durationSeconds,
        links: sql<number>`coalesce(${links.n}, 0)`.mapWith(Number),
        totals: videoAnalytics,
      })
      .from(videos)
      .leftJoin(videoAnalytics, eq(videoAnalytics.videoId, videos.id))
      .leftJoin(links, eq(links.videoId, videos.id))
      .where(eq(videos.presenterId, presenterId))
      .orderBy(desc(videos.createdAt));
  }
}
