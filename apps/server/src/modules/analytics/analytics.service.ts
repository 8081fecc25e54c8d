import { AppError } from '@screenroom/shared/errors';
import { MESSAGES } from '@screenroom/shared/messages';
import { minutesOf } from '@screenroom/shared/minutes';
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
import { SESSION_IDLE_MS } from '@screenroom/shared/watch-events';
import type { PresenterRow } from '../../db/schema/presenters';
import { coverageOf, rangesLength } from '../watch/ingest';
import type { AnalyticsRepository, FilmTotals, LinkPlayRecord, SessionRecord } from './analytics.repository';

type Deps = {
  repository: AnalyticsRepository;
  /** Resolves once viewer events answered so far are in PostgreSQL (EventIngest.settled). */
  eventsSettled?: () => Promise<void>;
  now?: () => Date;
};

const STOPPED_EARLY_LIMIT = 10;

const minutes = minutesOf;
const share = (value: number) => Math.round(value * 1000) / 1000;
const iso = (at: Date | string | null | undefined) => (at ? new Date(at).toISOString() : null);
const found = <T>(row: T | undefined, message: string) => {
  if (!row) throw new AppError('NOT_FOUND', message);
  return row;
};

/** Headline figures shared by the film's overview and the library's cards. */
function headline(f: FilmTotals) {
  return {
    tracking_links: f.links,
    viewers_opened: f.viewers_opened,
    sessions: f.sessions,
    views: f.views,
    watched_minutes: minutes(f.watched_seconds),
    average_coverage: share(
      f.viewers_opened ? coverageOf(f.covered_seconds / f.viewers_opened, f.duration) : 0,
    ),
    last_active_at: iso(f.last_active_at),
  };
}

/**
 * The analytics of spec section 7: a viewer's sessions and their replay, a tracking link's totals, a
 * film's overview, viewers, audience and the library's headline figures. Every read is scoped to the
 * presenter (another presenter's id is a 404) and costs one statement.
 */
export class AnalyticsService {
  constructor(private readonly deps: Deps) {}

  private toSession(s: SessionRecord, duration: number | null, link: LinkPlayRecord): SessionSummary {
    const now = this.deps.now?.() ?? new Date();
    const start = new Date(s.started_at);
    const end = new Date(s.closed_at ?? s.last_seen_at);
    // A link revoked, disabled or ended stops its sessions' playback within one heartbeat: none of them
    // is watching any more, though the last sign of life of one may be under SESSION_IDLE_MS old.
    const linkPlays =
      !link.link_withdrawn && !(link.link_ends_at && new Date(link.link_ends_at).getTime() <= now.getTime());
    return {
      session_id: s.id,
      tracking_link_id: s.tracking_link_id,
      start: start.toISOString(),
      end: end.toISOString(),
      // Less the silences the page broke when it came back (a laptop asleep): not time on the page.
      time_spent: Math.max(0, Math.round((end.getTime() - start.getTime()) / 1000 - s.silent_seconds)),
      watched_minutes: minutes(s.watched_seconds),
      views: s.views,
      clicks: s.clicks,
      events: s.events_count,
      coverage: share(coverageOf(rangesLength(s.played_ranges), duration)),
      played_ranges: s.played_ranges,
      country: s.country,
      device: s.device_type,
      browser: s.browser,
      os: s.os,
      live: linkPlays && !s.closed_at && now.getTime() - end.getTime() < SESSION_IDLE_MS,
    };
  }

  async sessions(presenter: PresenterRow, linkId: string, query: SessionsQueryBody): Promise<SessionsPage> {
    await this.deps.eventsSettled?.();
    const { page, limit, order } = sessionsQueryBody.parse(query);
    const page_ = found(
      await this.deps.repository.sessionsOfLink(presenter.id, linkId, {
        offset: (page - 1) * limit,
        limit,
        newestFirst: order === 'newest',
      }),
      MESSAGES.trackingLinkNotFound,
    );
    return {
      results: page_.sessions.map((s) => this.toSession(s, page_.duration, page_)),
      page,
      limit,
      totalPages: Math.ceil(page_.total / limit),
      totalResults: page_.total,
    };
  }

  async replay(presenter: PresenterRow, linkId: string, sessionId: string): Promise<SessionReplayResponse> {
    await this.deps.eventsSettled?.();
    const row = found(
      await this.deps.repository.sessionWithEvents(presenter.id, linkId, sessionId),
      MESSAGES.sessionNotFound,
    );
    return {
      session: this.toSession(row.session, row.duration, row),
      events: row.events.map((e) => ({
        seq: e.seq,
        type: e.type as SessionReplayResponse['events'][number]['type'],
        at: new Date(e.at).toISOString(),
        position: e.position,
        data: e.data ?? null,
      })),
      events_total: row.events_total,
    };
  }

  async linkTotals(presenter: PresenterRow, linkId: string): Promise<TrackingLinkTotals> {
    await this.deps.eventsSettled?.();
    const link = found(
      await this.deps.repository.linkTotals(presenter.id, linkId),
      MESSAGES.trackingLinkNotFound,
    );
    return {
      sessions: link.sessions_count,
      views: link.views_count,
      watched_minutes: minutes(link.watched_seconds),
      clicks: link.clicks_count,
      coverage: share(coverageOf(link.covered_seconds, link.duration)),
      played_ranges: link.played_ranges,
      time_spent: Math.round(link.time_spent),
      duration: link.duration,
      first_session_at: iso(link.first_at),
      last_active_at: iso(link.last_active_at),
    };
  }

  async videoOverview(presenter: PresenterRow, videoId: string): Promise<VideoOverview> {
    await this.deps.eventsSettled?.();
    const film = found(
      await this.deps.repository.filmOverview(presenter.id, videoId, presenter.timezone),
      MESSAGES.screenerNotFound,
    );
    return {
      video_id: videoId,
      duration: film.duration,
      ...headline(film),
      clicks: film.clicks,
      daily: film.daily.map((d) => ({
        date: d.date,
        sessions: d.sessions,
        views: d.views,
        watched_minutes: minutes(d.watched_seconds),
      })),
      heat_map: fillMinutes(
        film.heat.map(([minute, viewers]) => ({ minute, viewers })),
        film.duration,
      ),
    };
  }

  async viewersOverview(presenter: PresenterRow, videoId: string): Promise<ViewersOverview> {
    await this.deps.eventsSettled?.();
    const film = found(
      await this.deps.repository.viewers(presenter.id, videoId, COVERAGE_HALF, STOPPED_EARLY_LIMIT),
      MESSAGES.screenerNotFound,
    );
    return {
      invited: film.links,
      opened: film.viewers_opened,
      watched_half: film.viewers_half,
      finished: film.viewers_finished,
      stopped_early: film.stopped_early.map((l) => ({
        tracking_link_id: l.id,
        viewer_name: l.viewer_name,
        viewer_email: l.viewer_email,
        generated_by: l.generated_by,
        coverage: share(coverageOf(l.covered_seconds, film.duration)),
        watched_minutes: minutes(l.watched_seconds),
        sessions: l.sessions_count,
        last_active_at: iso(l.last_active_at),
      })),
    };
  }

  async clientSide(presenter: PresenterRow, videoId: string): Promise<ClientSideOverview> {
    await this.deps.eventsSettled?.();
    const rows = found(await this.deps.repository.audience(presenter.id, videoId), MESSAGES.screenerNotFound);
    const of = (dimension: string): BreakdownRow[] =>
      rows
        .filter((r) => r.dimension === dimension)
        .map((r) => ({
          value: r.value,
          sessions: r.sessions,
          views: r.views,
          watched_minutes: minutes(r.watched_seconds),
        }));
    return { countries: of('country'), devices: of('device'), browsers: of('browser') };
  }

  async headlines(presenter: PresenterRow): Promise<OverviewOfVideos> {
    await this.deps.eventsSettled?.();
    const rows = await this.deps.repository.headlines(presenter.id);
    return { results: rows.map((f) => ({ video_id: f.video_id, ...headline(f) })) };
  }
}

/** Every minute of the film, with 0 where nobody watched (the rollup keeps only watched minutes). */
export function fillMinutes(watched: HeatMinute[], duration: number | null): HeatMinute[] {
  const byMinute = new Map(watched.map((m) => [m.minute, m.viewers]));
  const last = Math.max(duration ? Math.ceil(duration / 60) - 1 : -1, ...watched.map((m) => m.minute));
  return Array.from({ length: last + 1 }, (_, minute) => ({ minute, viewers: byMinute.get(minute) ?? 0 }));
}
