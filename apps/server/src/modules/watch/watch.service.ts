import { LINK_NOT_FOUND_MESSAGE } from '@screenroom/shared/access-refusals';
import { countryInSentence } from '@screenroom/shared/countries';
import { AppError } from '@screenroom/shared/errors';
import { MESSAGES } from '@screenroom/shared/messages';
import type {
  OpenSessionResponse,
  ResumeRequest,
  WatchEvent,
  Watermark,
} from '@screenroom/shared/schemas/watch';
import { SESSION_IDLE_MS } from '@screenroom/shared/watch-events';
import type { TrackingLinkRow } from '../../db/schema/tracking-links';
import type { VideoRow } from '../../db/schema/videos';
import type { WatchSessionRow } from '../../db/schema/watch';
import type { GeoIp } from '../../infra/geoip/geoip';
import { randomToken, safeEqualHex, sha256 } from '../../lib/crypto';
import { parseUserAgent } from '../../lib/user-agent';
import type { AnonymousLinksService } from '../anonymous-links/anonymous-links.service';
import type { LogOrigin, LogsService } from '../logs/logs.service';
import type { PlansService } from '../plans/plans.service';
import type { PresentersService } from '../presenters/presenters.service';
import type { StreamsService } from '../streams/streams.service';
import type { TrackingLinksService } from '../tracking-links/tracking-links.service';
import type { SubtitlesService } from '../videos/subtitles.service';
import type { VideosService } from '../videos/videos.service';
import { EventBudgetSpentError } from './event-budget';
import type { EventIngest } from './event-ingest';
import { SessionGoneError } from './event-store';
import { roundFilmTimes } from './ingest';
import type { LinkState, LinkStates } from './link-states';
import type { PlaybackTokens } from './playback-tokens';
import { refusalLogMessage } from './refusal-log-message';
import { refusalWithFilm } from './refusal-with-film';
import { clockOffsetAtArrival } from './silence';
import type { WatchRepository } from './watch.repository';

type Deps = {
  repository: WatchRepository;
  events: EventIngest;
  trackingLinks: TrackingLinksService;
  anonymousLinks: AnonymousLinksService;
  videos: VideosService;
  presenters: PresentersService;
  plans: PlansService;
  streams: StreamsService;
  subtitles: Pick<SubtitlesService, 'forViewer' | 'fileForViewer'>;
  geo: GeoIp;
  tokens: PlaybackTokens;
  /**
   * The links' states as last read: the events route refuses a stopped link's reports from memory. The
   * services that revoke, disable or end links forget their entries (wired in the container).
   */
  linkStates: LinkStates;
  /** Whether a presenter's sign-in is still live: a preview plays only while the one that opened it is. */
  signIns: { isSignedIn(authSessionId: string, presenterId: string): Promise<boolean> };
  logs: LogsService;
  heartbeatSeconds: number;
  now?: () => Date;
};

export type Visitor = LogOrigin & { ipAddress?: string; userAgent?: string };

/** The presenter signed in on the opening browser, and that sign-in's auth session. */
export type SignedIn = { presenterId: string; authSessionId: string };

/**
 * A resumed session's page numbers its events this far past anything the pages before it could have
 * numbered, so a report of theirs arriving late never collides with (or closes the session under) it.
 */
const RESUME_SEQ_GAP = 1000;

/** Sessions whose page reported how the server stopped it: anything more they send is refused. */
const REMEMBERED_STOPS = 50_000;

/** How long a viewer waiting for a film still being encoded is logged once (per address). */
const WAITING_LOG_WINDOW_MS = 30 * 60_000;

/** Refusals that name the film: not revoked or disabled links, which are often withdrawn for leaking. */
const NAMES_THE_FILM = new Set<string>(['ended', 'limit_reached', 'geo_blocked', 'processing']);

const refusal = {
  notFound: () =>
    new AppError('NOT_FOUND', LINK_NOT_FOUND_MESSAGE, {
      reason: 'not_found',
    }),
  revoked: () =>
    new AppError('FORBIDDEN', 'The person who shared this film has withdrawn this link.', {
      reason: 'revoked',
    }),
  disabled: () =>
    new AppError('FORBIDDEN', 'This link has been disabled by the person who shared it.', {
      reason: 'disabled',
    }),
  ended: (at: Date) =>
    new AppError('GONE', MESSAGES.linkEnded(at), { reason: 'ended', endsAt: at.toISOString() }),
  limit: () =>
    new AppError('FORBIDDEN', 'This link has been used as many times as it allows.', {
      reason: 'limit_reached',
    }),
  // Where we placed the viewer, so one behind a VPN or abroad sees why (the page's title says the rest).
  geo: (country: string | null) =>
    new AppError(
      'FORBIDDEN',
      country
        ? `This film is not shown in ${countryInSentence(country)}, where your connection comes from.`
        : 'This film is shown only in some countries, and we cannot tell where your connection comes from.',
      { reason: 'geo_blocked' },
    ),
  processing: () =>
    new AppError('CONFLICT', 'This film is still being prepared. It should be ready in a few minutes.', {
      reason: 'processing',
    }),
  previewOnly: () =>
    new AppError(
      'FORBIDDEN',
      'This is the presenter’s own preview: it opens only where they are signed in to Screenroom.',
      { reason: 'preview_only' },
    ),
};

/**
 * The viewer's side: a tracking link's watch page opens a session after the access checks (in
 * DOMAIN.md's order), and the session's short-lived playback token opens playlists, segments and keys
 * for as long as heartbeats renew it.
 */
export class WatchService {
  private readonly now: () => Date;

  private readonly durations = new Map<string, number | null>();
  /** Sessions of a stopped link that have sent their closing report (`closingReport`). */
  private readonly closedAfterStop = new Set<string>();

  constructor(private readonly deps: Deps) {
    this.now = deps.now ?? (() => new Date());
  }

  private async refused(error: AppError, link: TrackingLinkRow | undefined, visitor: Visitor, what: string) {
    const country = error.reason === 'geo_blocked' ? this.deps.geo.countryOf(visitor.ipAddress) : null;
    const waiting = error.reason === 'processing';
    const entry = {
      ...visitor,
      level: waiting ? ('info' as const) : ('warn' as const),
      type: 'access' as const,
      module: 'watch',
      message: refusalLogMessage(what, error.reason, link, country),
      videoId: link?.videoId,
      userId: link?.presenterId,
      metadata: { trackingLinkId: link?.id ?? null, reason: error.reason, country },
    };
    // Each opening of a real link is recorded (its route is rate-limited). Made-up links, a page whose
    // link was revoked renewing, reporting or asking for streams a few times more, and a script holding
    // its playback token (45 s): one entry a minute per address will do.
    const opening = what === 'Watch link' || what === 'Preview link';
    // The "Almost ready" page asks again every 15 s for as long as encoding takes: one entry will do.
    if (waiting) await this.deps.logs.recordRepeatable(entry, WAITING_LOG_WINDOW_MS);
    else if (opening && link) await this.deps.logs.record(entry);
    else await this.deps.logs.recordRepeatable(entry);
    return error;
  }

  /**
   * A refusal the viewer's page shows (opening, heartbeat): it also says which film the link is for and
   * who shared it, where that helps the viewer ask the right person and gives nothing away.
   */
  private async refusedToViewer(
    error: AppError,
    link: TrackingLinkRow | undefined,
    visitor: Visitor,
    what: string,
  ) {
    const refusal = await this.refused(error, link, visitor, what);
    if (!link || link.generatedBy === 'preview' || !NAMES_THE_FILM.has(refusal.reason ?? '')) return refusal;
    return refusalWithFilm(refusal, link, this.deps);
  }

  /**
   * The link's state as read now (with its anonymous link), remembered for the events route. `mark` is
   * `linkStates.mark()` taken before the link was read.
   */
  private async stateOf(link: TrackingLinkRow | undefined, mark: number): Promise<LinkState | undefined> {
    if (!link) return undefined;
    const anonymous = link.anonymousLinkId
      ? ((await this.deps.anonymousLinks.findById(link.anonymousLinkId)) ?? null)
      : null;
    const state = { link, anonymous };
    this.deps.linkStates.remember(mark, state);
    return state;
  }

  /** A tracking link's state, read from the database. */
  private async readLink(trackingLinkId: string) {
    const mark = this.deps.linkStates.mark();
    return this.stateOf(await this.deps.trackingLinks.findById(trackingLinkId), mark);
  }

  /** Checks 1 to 3 (and the anonymous link's state): the link exists, is active and has not ended. */
  private stopped(state: LinkState | undefined) {
    if (!state) return refusal.notFound();
    const { link, anonymous } = state;
    if (link.status === 'revoked') return refusal.revoked();
    if (anonymous?.status === 'disabled') return refusal.disabled();
    const ends = [link.endsAt, anonymous?.endsAt].filter((d): d is Date => Boolean(d));
    const endsAt = ends.length ? new Date(Math.min(...ends.map((d) => d.getTime()))) : null;
    if (endsAt && endsAt <= this.now()) return refusal.ended(endsAt);
    return null;
  }

  /**
   * A preview's refusal once the presenter's sign-in that opened it has ended (signed out, expired): the
   * preview skips every limit, so it must not outlive the sign-in it was opened under.
   */
  private async previewSignInEnded(session: WatchSessionRow) {
    if (!session.isPreview) return null;
    const live =
      session.authSessionId !== null &&
      (await this.deps.signIns.isSignedIn(session.authSessionId, session.presenterId));
    return live ? null : refusal.previewOnly();
  }

  private async previewReportsEnded(sessionId: string) {
    const session = await this.deps.repository.findSession(sessionId);
    return session ? this.previewSignInEnded(session) : null;
  }

  private geoAllows(link: TrackingLinkRow, country: string | null) {
    if (link.geoRestrictionType === 'none') return true;
    const listed = country !== null && link.geoCountries.includes(country);
    // An unknown country passes a block-list, never an allow-list.
    return link.geoRestrictionType === 'allow' ? listed : !listed;
  }

  private playable(video: VideoRow) {
    return video.type === 'vimeo'
      ? video.status === 'ready-to-use' && Boolean(video.vimeoId)
      : this.deps.streams.isPlayable(video);
  }

  /**
   * `signedIn` names the presenter signed in on the opening browser, if any: a preview link, which skips
   * the limits and is not counted, must not open for anyone its address reaches, and plays only as long
   * as that sign-in lasts (its session keeps the auth session); and a presenter opening a viewer's link
   * of their own is told it counts as that viewer's (`ownerViewing`).
   */
  async open(
    token: string,
    visitor: Visitor,
    signedIn: () => Promise<SignedIn | null> = async () => null,
    resume?: ResumeRequest,
  ): Promise<OpenSessionResponse> {
    const mark = this.deps.linkStates.mark();
    const link = await this.deps.trackingLinks.findByToken(token);
    const problem = this.stopped(await this.stateOf(link, mark));
    if (problem || !link)
      throw await this.refusedToViewer(problem ?? refusal.notFound(), link, visitor, 'Watch link');
    const preview = link.generatedBy === 'preview';
    const signIn = await signedIn();
    const owner = signIn?.presenterId === link.presenterId ? signIn : null;
    if (preview && !owner) throw await this.refused(refusal.previewOnly(), link, visitor, 'Preview link');
    const ownerViewing = !preview && owner !== null;
    const previewSignIn = preview ? owner!.authSessionId : null;
    const video = await this.deps.videos.rowById(link.videoId);
    const country = this.deps.geo.countryOf(visitor.ipAddress);
    const client = parseUserAgent(visitor.userAgent);
    // The page before's last reports first: they decide how its session ended.
    if (resume) await this.deps.events.settled();
    const resumed = resume ? await this.resumable(link, resume) : undefined;

    // Checks 4 to 6, reported in that order; the limit is only taken once the others pass, and a
    // resumed session has taken its place already.
    const full = !preview && !resumed && link.usageLimit !== null && link.sessionsCount >= link.usageLimit;
    const failed = full
      ? refusal.limit()
      : !preview && !this.geoAllows(link, country)
        ? refusal.geo(country)
        : !this.playable(video)
          ? refusal.processing()
          : null;
    if (failed) throw await this.refusedToViewer(failed, link, visitor, 'Watch link');
    if (resumed && resume) {
      // A new secret: whatever page held the old one can no longer renew its token, so one page at a
      // time plays the session.
      const secret = randomToken(32);
      const firstSeq = Math.max((resumed.lastSeq ?? -1) + 1, resume.nextSeq ?? 0) + RESUME_SEQ_GAP;
      const goesOn = await this.deps.repository.resume(resumed.id, {
        at: this.now(),
        secretHash: sha256(secret),
        lastSeq: firstSeq - 1,
        // A preview goes on under the sign-in that reopened it.
        ...(preview ? { authSessionId: previewSignIn } : {}),
      });
      if (goesOn) {
        const answer = await this.answer(link, video, goesOn, secret, firstSeq, link.sessionsCount);
        return { ...answer, ownerViewing };
      }
    }
    const now = this.now();
    const seen = { at: now, country, device: client.deviceType, browser: client.browser };
    const sessionsOfLink = preview ? null : await this.deps.trackingLinks.reserveSession(link.id, seen);
    if (!preview && sessionsOfLink === null) {
      // Changed since it was read: its last place taken, or the link revoked or ended, or its film
      // (and the link with it) deleted.
      const current = await this.deps.trackingLinks.findByToken(token);
      const why = this.stopped(await this.stateOf(current, this.deps.linkStates.mark())) ?? refusal.limit();
      throw await this.refusedToViewer(why, current, visitor, 'Watch link');
    }

    const secret = randomToken(32);
    const session = await this.deps.repository.createSession({
      trackingLinkId: link.id,
      videoId: video.id,
      presenterId: link.presenterId,
      isPreview: preview,
      authSessionId: previewSignIn,
      secretHash: sha256(secret),
      startedAt: now,
      lastSeenAt: now,
      country,
      deviceType: client.deviceType,
      browser: client.browser,
      os: client.os,
    });
    if (!session) throw await this.refusedToViewer(refusal.notFound(), undefined, visitor, 'Watch link');
    this.deps.events.opened(session.id, session.startedAt);
    if (sessionsOfLink !== null) {
      await this.deps.repository.recordOpened({
        videoId: video.id,
        startedAt: now,
        firstOfLink: sessionsOfLink === 1,
        audience: seen,
      });
    }
    return { ...(await this.answer(link, video, session, secret, 0, sessionsOfLink)), ownerViewing };
  }

  /**
   * The session a reloaded page names, when it is this link's, the secret is its own, and its last
   * sign of life is recent enough that it has not ended (DOMAIN.md): it may go on.
   */
  private async resumable(link: TrackingLinkRow, resume: ResumeRequest) {
    const session = await this.deps.repository.findSession(resume.sessionId);
    if (!session || session.trackingLinkId !== link.id) return undefined;
    if (!safeEqualHex(session.secretHash, sha256(resume.secret))) return undefined;
    const lastSign = session.closedAt ?? session.lastSeenAt;
    return this.now().getTime() - lastSign.getTime() < SESSION_IDLE_MS ? session : undefined;
  }

  /**
   * What the page needs to play: the session, its playback token, the film, where to start, and the
   * number of its first event (0 for a new session).
   */
  private async answer(
    link: TrackingLinkRow,
    video: VideoRow,
    session: WatchSessionRow,
    secret: string,
    firstSeq: number,
    /** The link's sessions counting this one (null for a preview). */
    sessionsOfLink: number | null,
  ): Promise<Omit<OpenSessionResponse, 'ownerViewing'>> {
    const isNew = firstSeq === 0;
    const preview = link.generatedBy === 'preview';
    const playbackToken = await this.deps.tokens.sign({
      sessionId: session.id,
      trackingLinkId: link.id,
      videoId: video.id,
    });
    const owner = await this.deps.presenters.findById(link.presenterId);
    // Where the viewer stopped, counting the final reports of the page before (they may still be on
    // their way in): in their last session, or in this one when it goes on after a reload.
    await this.deps.events.settled();
    const last = await this.deps.repository.lastPositionOfLink(link.id, isNew ? session.id : null);
    const duration = video.durationSeconds;
    const dto = this.deps.videos.toDto(video);
    return {
      sessionId: session.id,
      sessionSecret: secret,
      playbackToken,
      expiresIn: this.deps.tokens.ttlSeconds,
      heartbeatSeconds: this.deps.heartbeatSeconds,
      preview,
      personal: !preview && link.generatedBy !== 'magic_link',
      viewer: { name: link.viewerName, email: link.viewerEmail },
      video: {
        id: video.id,
        title: video.title,
        description: video.description,
        director: video.director,
        producer: video.producer,
        duration,
        theme: video.theme,
        logo: this.deps.videos.pageLogo(video),
        thumbnail: dto.thumbnail,
        player: video.type === 'vimeo' ? 'vimeo' : 'hls',
        vimeo_id: video.vimeoId,
        vimeo_hash: video.vimeoHash,
        presented_by: owner?.name ?? 'Screenroom',
        subtitles: await this.deps.subtitles.forViewer(video),
      },
      watermark: owner ? this.watermarkFor(owner, video, link, session.id, dto.watermark_image) : null,
      resumeAt: last !== null && last > 5 && (!duration || last < duration - 15) ? Math.floor(last) : null,
      firstSeq,
      viewings:
        link.usageLimit !== null && sessionsOfLink !== null
          ? { used: sessionsOfLink, limit: link.usageLimit }
          : null,
    };
  }

  /** The viewer's identity over the film (Professional plan, when the film has it on). */
  private watermarkFor(
    owner: Parameters<PlansService['limitsOf']>[0],
    video: VideoRow,
    link: TrackingLinkRow,
    sessionId: string,
    image: string | null,
  ): Watermark | null {
    if (!video.enableWatermark || !this.deps.plans.limitsOf(owner).watermark) return null;
    if (video.watermarkType === 'image' && image) return { type: 'image', text: null, image };
    const who = link.viewerEmail ?? link.viewerName ?? 'Private screener';
    const code = sessionId.slice(0, 6).toUpperCase();
    return { type: 'text', text: [who, code, video.watermark].filter(Boolean).join(' · '), image: null };
  }

  /**
   * A live session of a link that still lets it watch: the condition for every playlist, segment and
   * key. A revoked, disabled or ended link stops here at once (and at the next heartbeat for the page).
   */
  async authorize(
    sessionId: string,
    token: string | undefined,
    visitor: Visitor,
    what: string,
    graceSeconds = 0,
  ) {
    const claims = token ? await this.deps.tokens.verify(token, sessionId, graceSeconds) : null;
    if (!claims) {
      await this.deps.logs.recordRepeatable({
        ...visitor,
        level: 'warn',
        type: 'access',
        module: 'watch',
        message: `${what} refused: no valid playback token`,
        metadata: { sessionId },
      });
      throw new AppError(
        'UNAUTHORIZED',
        'This viewing session has expired. Reload the page to keep watching.',
      );
    }
    const session = await this.deps.repository.findSession(sessionId);
    const state = session ? await this.readLink(session.trackingLinkId) : undefined;
    const link = state?.link;
    const problem = session
      ? (this.stopped(state) ?? (await this.previewSignInEnded(session)))
      : refusal.notFound();
    if (problem || !session || !link)
      throw await this.refused(problem ?? refusal.notFound(), link, visitor, what);
    return { session, link, video: await this.deps.videos.rowById(session.videoId) };
  }

  /** Renews the playback token, unless the link no longer lets this session watch. */
  async heartbeat(sessionId: string, secret: string, visitor: Visitor) {
    const session = await this.deps.repository.findSession(sessionId);
    // Gone with its film (the presenter deleted it): the viewer may start again, and the link then
    // says it no longer exists.
    if (!session) throw new AppError('UNAUTHORIZED', 'This viewing session has ended. Watch again to go on.');
    // Most often another tab went on with this session (a tab duplicated while this one was hidden
    // carries its resume record) and took a new secret: the viewer reads why this page stopped.
    if (!safeEqualHex(session.secretHash, sha256(secret))) {
      throw new AppError(
        'UNAUTHORIZED',
        'This viewing went on in another tab or window. Watch again to watch here instead.',
      );
    }
    const state = await this.readLink(session.trackingLinkId);
    const link = state?.link;
    const problem = this.stopped(state) ?? (await this.previewSignInEnded(session));
    if (problem || !link)
      throw await this.refusedToViewer(problem ?? refusal.notFound(), link, visitor, 'Heartbeat');
    await this.deps.repository.touch(sessionId, this.now());
    return {
      playbackToken: await this.deps.tokens.sign({
        sessionId,
        trackingLinkId: link.id,
        videoId: session.videoId,
      }),
      expiresIn: this.deps.tokens.ttlSeconds,
    };
  }

  /**
   * A batch of the player's events: new ones fold into the session and roll up to its link. The answer
   * comes once they are durably in the event journal (EventIngest), ahead of PostgreSQL.
   *
   * Once the link no longer lets the session watch (revoked, disabled, ended), its reports are refused as
   * its heartbeat is, but for the page's closing report (`closingReport`). The link's state comes from
   * memory (LinkStates), so a batch costs no database read. `sentAt`, the page's clock as it sent the
   * batch, is measured against ours as the batch arrives, here (silence.ts: clockOffsetAtArrival).
   */
  async ingest(
    sessionId: string,
    token: string | undefined,
    events: WatchEvent[],
    visitor: Visitor = {},
    sentAt?: number,
  ) {
    const clockOffsetMs =
      sentAt === undefined ? undefined : clockOffsetAtArrival(sentAt, this.now().getTime());
    // Reports may arrive a little after the token lapsed (a page closing): ten minutes of grace.
    const claims = token ? await this.deps.tokens.verify(token, sessionId, 600) : null;
    if (!claims) throw new AppError('UNAUTHORIZED', 'This viewing session has expired.');
    const state =
      this.deps.linkStates.recall(claims.trackingLinkId) ?? (await this.readLink(claims.trackingLinkId));
    const stop = this.stopped(state);
    // A preview reports only while the sign-in that opened it is live (one more read, previews only).
    const previewEnded =
      !stop && state?.link.generatedBy === 'preview' ? await this.previewReportsEnded(sessionId) : null;
    if (previewEnded) throw await this.refused(previewEnded, state?.link, visitor, 'Events');
    // A link enabled again lets its sessions report again, and close again when it next stops.
    if (!stop) this.closedAfterStop.delete(sessionId);
    const kept = stop ? this.closingReport(sessionId, events, stop.reason ?? 'ended') : events;
    // Without the film: the page behind these reports learns why from its heartbeat (no reads per batch).
    if (stop && kept.length === 0) throw await this.refused(stop, state?.link, visitor, 'Events');
    // Taken before the writes below, so batches sent at once cannot each bring a closing report.
    if (stop) this.rememberClosedAfterStop(sessionId);
    try {
      const duration = await this.durationOf(claims.videoId);
      const outcome = await this.deps.events.accept({
        sessionId,
        events: roundFilmTimes(kept),
        duration,
        ...(clockOffsetMs === undefined ? {} : { clockOffsetMs }),
      });
      return stop ? { ...outcome, refused: events.length - kept.length } : outcome;
    } catch (error) {
      if (stop) this.closedAfterStop.delete(sessionId);
      if (error instanceof SessionGoneError) throw new AppError('NOT_FOUND', error.message);
      if (error instanceof EventBudgetSpentError) {
        // Once a minute per address: a flood must not write a log entry per batch either.
        await this.deps.logs.recordRepeatable({
          ...visitor,
          level: 'warn',
          type: 'security',
          module: 'watch',
          message: 'Events refused: more than a player could send in the session’s time',
          videoId: state?.link.videoId,
          userId: state?.link.presenterId,
          metadata: { sessionId, trackingLinkId: state?.link.id ?? null },
        });
        throw new AppError('TOO_MANY_REQUESTS', error.message, { retryAfter: error.retryAfterSeconds });
      }
      throw error;
    }
  }

  /**
   * What a stopped link's session may still report, once: how it ended. The page learns of the refusal
   * from its heartbeat and then sends the pause that says so (`data.stopped`), or says goodbye (`unload`)
   * when it goes away: they close the session and show in its replay where it stopped. They are kept
   * without the stretch they claim (nothing played after the stop counts) and with the real reason;
   * everything else in the batch, and any batch after it, is refused.
   */
  private closingReport(sessionId: string, events: WatchEvent[], reason: string): WatchEvent[] {
    if (this.closedAfterStop.has(sessionId)) return [];
    // The last stop and the last goodbye only: a batch of a hundred goodbyes is one.
    const stopped = events.findLast((e) => e.type === 'pause' && typeof e.data?.stopped === 'string');
    const goodbye = events.findLast((e) => e.type === 'unload');
    return [
      ...(stopped ? [{ ...stopped, data: { stopped: reason } }] : []),
      ...(goodbye ? [goodbye] : []),
    ].sort((a, b) => a.seq - b.seq);
  }

  private rememberClosedAfterStop(sessionId: string) {
    if (this.closedAfterStop.size >= REMEMBERED_STOPS) this.closedAfterStop.clear();
    this.closedAfterStop.add(sessionId);
  }

  /** A film's duration never changes once it plays, so it is read once per film. */
  private async durationOf(videoId: string) {
    if (!this.durations.has(videoId)) {
      if (this.durations.size >= 10_000) this.durations.clear();
      this.durations.set(videoId, (await this.deps.videos.rowById(videoId)).durationSeconds);
    }
    return this.durations.get(videoId) ?? null;
  }

  /** One of the film's subtitle tracks, as WebVTT: guarded as the playlists are. */
  async subtitles(sessionId: string, token: string | undefined, subtitleId: string, visitor: Visitor) {
    const { video } = await this.authorize(sessionId, token, visitor, 'Subtitles');
    return this.deps.subtitles.fileForViewer(video.id, subtitleId);
  }

  async key(sessionId: string, token: string | undefined, keyId: string, visitor: Visitor) {
    const { video } = await this.authorize(sessionId, token, visitor, 'Key');
    const key = await this.deps.streams.key(video.id, keyId);
    if (!key) throw new AppError('NOT_FOUND', 'This key does not exist.');
    return key;
  }
}
