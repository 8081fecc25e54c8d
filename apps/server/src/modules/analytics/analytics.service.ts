import { AppError } from '@screenroom/shared/errors';
import {
  type BreakdownRow,
  type ClientSideOverview,
  COVERAGE_HALF,
  type HeatMinute,
  type OverviewOfVideos,
  type SessionReplayResponse,
  type SessionSummary,
  type SessionsPage,
  type SessionsQueryBody,
  sessionsQueryBody,
  type TrackingLinkTotals,
  type VideoOverview,
  type ViewersOverview,
} from '@screenroom/shared/schemas/analytics';
import type { PresenterRow } from '../../db/schema/presenters';
import type { WatchSessionRow } from '../../db/schema/watch';
import type { TrackingLinksService } from '../tracking-links/tracking-links.service';
import type { VideosService } from '../videos/videos.service';
import { coverageOf, rangesLength } from '../watch/ingest';
import type { AnalyticsRepository } from './analytics.repository';

type Deps = {
  repository: AnalyticsRepository;
  trackingLinks: TrackingLinksService;
  videos: VideosService;
  now?: () => Date;
};

/** A session with no sign of life for this long has ended (DOMAIN.md). */
const SESSION_IDLE_MS = 2 * 60_000;
const STOPPED_EARLY_LIMIT = 10;

const minutes = (seconds: number) => Math.round((seconds / 60) * 100) / 100;
const share = (value: number) => Math.round(value * 1000) / 1000;
const iso = (at: Date | null | undefined) => at?.toISOString() ?? null;

/**
 * The analytics of spec section 7: a viewer's sessions and their replay, a tracking link's totals, a
 * film's overview, viewers, audience and the library's headline figures. Every call is owner-scoped
 * through the owning services (another presenter's id is a 404).
 */
export class AnalyticsService {
  constructor(private readonly deps: Deps) {}

  private now() {
    return this.deps.now?.() ?? new Date();
  }

  private toSession(row: WatchSessionRow, duration: number | null): SessionSummary {
    const end = row.closedAt ?? row.lastSeenAt;
    return {
      session_id: row.id,
      tracking_link_id: row.trackingLinkId,
      start: row.startedAt.toISOString(),
      end: end.toISOString(),
      time_spent: Math.max(0, Math.round((end.getTime() - row.startedAt.getTime()) / 1000)),
      watched_minutes: minutes(row.watchedSeconds),
      views: row.views,
      clicks: row.clicks,
      events: row.eventsCount,
      coverage: share(coverageOf(rangesLength(row.playedRanges), duration)),
      played_ranges: row.playedRanges,
      country: row.country,
      device: row.deviceType,
      browser: row.browser,
      os: row.os,
      live: !row.closedAt && this.now().getTime() - row.lastSeenAt.getTime() < SESSION_IDLE_MS,
    };
  }

  private async ownedLink(presenter: PresenterRow, linkId: string) {
    const link = await this.deps.trackingLinks.ownedRow(presenter.id, linkId);
    const video = await this.deps.videos.ownedRow(presenter.id, link.videoId);
    return { link, duration: video.durationSeconds };
  }

  async sessions(presenter: PresenterRow, linkId: string, query: SessionsQueryBody): Promise<SessionsPage> {
    const { page, limit, order } = sessionsQueryBody.parse(query);
    const { link, duration } = await this.ownedLink(presenter, linkId);
    const { rows, total } = await this.deps.repository.sessionsOfLink(link.id, {
      offset: (page - 1) * limit,
      limit,
      newestFirst: order === 'newest',
    });
    return {
      results: rows.map((r) => this.toSession(r, duration)),
      page,
      limit,
      totalPages: Math.ceil(total / limit),
      totalResults: total,
    };
  }

  async replay(presenter: PresenterRow, linkId: string, sessionId: string): Promise<SessionReplayResponse> {
    const { link, duration } = await this.ownedLink(presenter, linkId);
    const session = await this.deps.repository.sessionOfLink(link.id, sessionId);
    if (!session) throw new AppError('NOT_FOUND', 'This session does not exist.');
    const events = await this.deps.repository.eventsOf(session.id);
    return {
      session: this.toSession(session, duration),
      events: events.map((e) => ({
        seq: e.seq,
        type: e.type as SessionReplayResponse['events'][number]['type'],
        at: e.at.toISOString(),
        position: e.position,
        data: e.data ?? null,
      })),
    };
  }

  async linkTotals(presenter: PresenterRow, linkId: string): Promise<TrackingLinkTotals> {
    const { link, duration } = await this.ownedLink(presenter, linkId);
    const span = await this.deps.repository.linkSessionSpan(link.id);
    return {
      sessions: link.sessionsCount,
      views: link.viewsCount,
      watched_minutes: minutes(link.watchedSeconds),
      clicks: link.clicksCount,
      coverage: share(coverageOf(link.coveredSeconds, duration)),
      played_ranges: link.playedRanges,
      time_spent: Math.round(span.timeSpent),
      duration,
      first_session_at: iso(span.firstAt),
      last_active_at: iso(link.lastActiveAt),
    };
  }

  async videoOverview(presenter: PresenterRow, videoId: string): Promise<VideoOverview> {
    const video = await this.deps.videos.ownedRow(presenter.id, videoId);
    const [totals, links, daily, heat] = await Promise.all([
      this.deps.repository.filmTotals(video.id),
      this.deps.repository.linksOfFilm(video.id),
      this.deps.repository.dailyActivity(video.id, presenter.timezone),
      this.deps.repository.heatMap(video.id),
    ]);
    const opened = totals?.viewersOpened ?? 0;
    return {
      video_id: video.id,
      duration: video.durationSeconds,
      tracking_links: links,
      viewers_opened: opened,
      sessions: totals?.sessions ?? 0,
      views: totals?.views ?? 0,
      watched_minutes: minutes(totals?.watchedSeconds ?? 0),
      clicks: totals?.clicks ?? 0,
      average_coverage: share(
        opened ? coverageOf((totals?.coveredSeconds ?? 0) / opened, video.durationSeconds) : 0,
      ),
      last_active_at: iso(totals?.lastActiveAt),
      daily: daily.map((d) => ({
        date: d.date,
        sessions: d.sessions,
        views: d.views,
        watched_minutes: minutes(d.watchedSeconds),
      })),
      heat_map: fillMinutes(heat, video.durationSeconds),
    };
  }

  async viewersOverview(presenter: PresenterRow, videoId: string): Promise<ViewersOverview> {
    const video = await this.deps.videos.ownedRow(presenter.id, videoId);
    const duration = video.durationSeconds;
    const [totals, invited, early] = await Promise.all([
      this.deps.repository.filmTotals(video.id),
      this.deps.repository.linksOfFilm(video.id),
      this.deps.repository.stoppedEarly(
        video.id,
        duration ? duration * COVERAGE_HALF : Number.MAX_VALUE,
        STOPPED_EARLY_LIMIT,
      ),
    ]);
    return {
      invited,
      opened: totals?.viewersOpened ?? 0,
      watched_half: totals?.viewersHalf ?? 0,
      finished: totals?.viewersFinished ?? 0,
      stopped_early: early.map((l) => ({
        tracking_link_id: l.id,
        viewer_name: l.viewerName,
        viewer_email: l.viewerEmail,
        coverage: share(coverageOf(l.coveredSeconds, duration)),
        watched_minutes: minutes(l.watchedSeconds),
        sessions: l.sessionsCount,
        last_active_at: iso(l.lastActiveAt),
      })),
    };
  }

  async clientSide(presenter: PresenterRow, videoId: string): Promise<ClientSideOverview> {
    const video = await this.deps.videos.ownedRow(presenter.id, videoId);
    const rows = await this.deps.repository.audience(video.id);
    const of = (dimension: string): BreakdownRow[] =>
      rows
        .filter((r) => r.dimension === dimension)
        .map((r) => ({
          value: r.value,
          sessions: r.sessions,
          views: r.views,
          watched_minutes: minutes(r.watchedSeconds),
        }));
    return { countries: of('country'), devices: of('device'), browsers: of('browser') };
  }

  async headlines(presenter: PresenterRow): Promise<OverviewOfVideos> {
    const rows = await this.deps.repository.headlines(presenter.id);
    return {
      results: rows.map(({ videoId, duration, links, totals }) => {
        const opened = totals?.viewersOpened ?? 0;
        return {
          video_id: videoId,
          tracking_links: links,
          viewers_opened: opened,
          sessions: totals?.sessions ?? 0,
          views: totals?.views ?? 0,
          watched_minutes: minutes(totals?.watchedSeconds ?? 0),
          average_coverage: share(opened ? coverageOf((totals?.coveredSeconds ?? 0) / opened, duration) : 0),
          last_active_at: iso(totals?.lastActiveAt),
        };
      }),
    };
  }
}

/** Every minute of the film, with 0 where nobody watched (the rollup keeps only watched minutes). */
export function fillMinutes(watched: HeatMinute[], duration: number | null): HeatMinute[] {
  const byMinute = new Map(watched.map((m) => [m.minute, m.viewers]));
  const last = Math.max(duration ? Math.ceil(duration / 60) - 1 : -1, ...watched.map((m) => m.minute));
  return Array.from({ length: last + 1 }, (_, minute) => ({ minute, viewers: byMinute.get(minute) ?? 0 }));
}
