import { LINK_NOT_FOUND_MESSAGE } from '@screenroom/shared/access-refusals';
import { AppError } from '@screenroom/shared/errors';
import { MESSAGES } from '@screenroom/shared/messages';
import type { AnonymousLink } from '@screenroom/shared/schemas/anonymous-links';
import type { PresenterRow } from '../../db/schema/presenters';
import type { AnonymousLinkRow } from '../../db/schema/sharing';
import { randomToken } from '../../lib/crypto';
import type { LogsService } from '../logs/logs.service';
import type { PresentersService } from '../presenters/presenters.service';
import type { TrackingLinksService } from '../tracking-links/tracking-links.service';
import type { VideosService } from '../videos/videos.service';
import { refusalWithFilm } from '../watch/refusal-with-film';
import type { AnonymousLinksRepository } from './anonymous-links.repository';

type Deps = {
  repository: AnonymousLinksRepository;
  videos: VideosService;
  trackingLinks: TrackingLinksService;
  presenters: Pick<PresentersService, 'findById'>;
  logs: LogsService;
  publicUrl: string;
  /**
   * The anonymous link was disabled or given other limits: whatever remembers the state of the viewers'
   * links made through it (the watch module's, for the events route) reads it afresh.
   */
  onAccessChanged?: (anonymousLinkId: string) => void;
  now?: () => Date;
};

type Limits = { usage_limit?: number | null; ends_at?: string | null };

export const anonymousUrl = (publicUrl: string, code: string) => `${publicUrl}/watch/a/${code}`;

/**
 * A film's one anonymous link: whoever opens it, on their own device, becomes a viewer of their own
 * (a tracking link), up to the usage limit of distinct people+devices. Disabling it cannot be undone.
 */
export class AnonymousLinksService {
  private readonly now: () => Date;

  constructor(private readonly deps: Deps) {
    this.now = deps.now ?? (() => new Date());
  }

  private async dto(row: AnonymousLinkRow): Promise<AnonymousLink> {
    return {
      id: row.id,
      video_id: row.videoId,
      code: row.code,
      url: anonymousUrl(this.deps.publicUrl, row.code),
      usage_limit: row.usageLimit,
      ends_at: row.endsAt?.toISOString() ?? null,
      status: row.status,
      viewers: await this.deps.trackingLinks.countAnonymous(row.id),
      created_at: row.createdAt.toISOString(),
    };
  }

  private async owned(presenter: PresenterRow, videoId: string) {
    await this.deps.videos.ownedRow(presenter.id, videoId);
    return this.deps.repository.findForVideo(presenter.id, videoId);
  }

  async fetch(presenter: PresenterRow, videoId: string) {
    const row = await this.owned(presenter, videoId);
    return { magicLink: row ? await this.dto(row) : null };
  }

  async create(presenter: PresenterRow, videoId: string, limits: Limits) {
    const existing = await this.owned(presenter, videoId);
    if (existing) {
      throw new AppError(
        'CONFLICT',
        existing.status === 'disabled' ? MESSAGES.magicLinkDisabled : MESSAGES.magicLinkExists,
      );
    }
    const row = await this.deps.repository.create({
      videoId,
      presenterId: presenter.id,
      code: randomToken(16),
      usageLimit: limits.usage_limit ?? null,
      endsAt: limits.ends_at ? new Date(limits.ends_at) : null,
    });
    if (!row) throw new AppError('CONFLICT', MESSAGES.magicLinkExists);
    return { magicLink: await this.dto(row) };
  }

  async update(presenter: PresenterRow, videoId: string, limits: Limits) {
    const row = await this.owned(presenter, videoId);
    if (!row) throw new AppError('NOT_FOUND', 'This screener has no anonymous link yet.');
    if (row.status === 'disabled') throw new AppError('CONFLICT', MESSAGES.magicLinkDisabled);
    const patch: Parameters<AnonymousLinksRepository['update']>[1] = {};
    if (limits.usage_limit !== undefined) patch.usageLimit = limits.usage_limit;
    if (limits.ends_at !== undefined) patch.endsAt = limits.ends_at ? new Date(limits.ends_at) : null;
    if (Object.keys(patch).length === 0) throw new AppError('BAD_REQUEST', 'Nothing to update');
    const updated = await this.deps.repository.update(row.id, patch);
    this.deps.onAccessChanged?.(row.id);
    return { magicLink: await this.dto(updated) };
  }

  /** Whether the link would let a new person in now, and if not, why. */
  async validate(presenter: PresenterRow, videoId: string) {
    const row = await this.owned(presenter, videoId);
    if (!row) return { valid: false, reason: 'This screener has no anonymous link.', magicLink: null };
    const refusal = await this.refusalFor(row, true);
    return { valid: !refusal, reason: refusal?.message ?? null, magicLink: await this.dto(row) };
  }

  /** Irreversible: a disabled anonymous link never works again. */
  async disable(presenter: PresenterRow, videoId: string) {
    const row = await this.owned(presenter, videoId);
    if (!row) throw new AppError('NOT_FOUND', 'This screener has no anonymous link.');
    const disabled =
      row.status === 'disabled'
        ? row
        : await this.deps.repository.update(row.id, { status: 'disabled', disabledAt: this.now() });
    this.deps.onAccessChanged?.(row.id);
    await this.deps.logs.record({
      level: 'info',
      type: 'access',
      module: 'anonymous-links',
      message: 'Anonymous link disabled',
      userId: presenter.id,
      userEmail: presenter.email,
      videoId,
    });
    return { magicLink: await this.dto(disabled) };
  }

  /**
   * An ended or full link's refusal names the film and who shared it, so the visitor knows whom to ask
   * (as a tracking link's does); a disabled link's says nothing more.
   */
  private async namingTheFilm(refusal: AppError, row: AnonymousLinkRow) {
    if (refusal.reason !== 'ended' && refusal.reason !== 'limit_reached') return refusal;
    return refusalWithFilm(refusal, row, this.deps);
  }

  private fullRefusal() {
    return new AppError('FORBIDDEN', 'This link has reached the number of people it was shared with.', {
      reason: 'limit_reached',
    });
  }

  /** Why the link lets nobody in now (disabled, ended), or no one more once it has `viewers`. */
  private refusalOf(row: AnonymousLinkRow, viewers: number | null) {
    if (row.status === 'disabled') {
      return new AppError('GONE', 'This link has been disabled by the person who shared it.', {
        reason: 'disabled',
      });
    }
    if (row.endsAt && row.endsAt <= this.now()) {
      return new AppError('GONE', MESSAGES.linkEnded(row.endsAt), {
        reason: 'ended',
        endsAt: row.endsAt.toISOString(),
      });
    }
    if (viewers !== null && row.usageLimit !== null && viewers >= row.usageLimit) return this.fullRefusal();
    return null;
  }

  private async refusalFor(row: AnonymousLinkRow, newViewer: boolean) {
    const viewers =
      newViewer && row.usageLimit !== null ? await this.deps.trackingLinks.countAnonymous(row.id) : null;
    return this.refusalOf(row, viewers);
  }

  /**
   * A visitor opens an anonymous link (public): the tracking link of this person+device, made on their
   * first visit and reused after. Refused when the link is disabled, ended, or full; a new person is
   * checked again against the link as stored, locked, so a limit lowered a moment ago holds.
   */
  async openWithCode(code: string, deviceId: string) {
    const row = await this.deps.repository.findByCode(code);
    if (!row) throw new AppError('NOT_FOUND', LINK_NOT_FOUND_MESSAGE, { reason: 'not_found' });
    const known = await this.deps.trackingLinks.findByAnonymousDevice(row.id, deviceId);
    const refusal = await this.refusalFor(row, !known);
    if (refusal) throw await this.namingTheFilm(refusal, row);
    if (known) return { token: this.deps.trackingLinks.tokenOf(known) };
    try {
      const created = await this.deps.trackingLinks.createAnonymousWithinLimit(
        row.id,
        deviceId,
        (current, viewers) => {
          const refused = this.refusalOf(current, viewers);
          if (refused) throw refused;
        },
        (current) => ({
          videoId: current.videoId,
          presenterId: current.presenterId,
          generatedBy: 'magic_link',
          viewerName: null,
          viewerEmail: null,
          usageLimit: null,
          endsAt: current.endsAt,
        }),
      );
      if (!created) throw new AppError('NOT_FOUND', LINK_NOT_FOUND_MESSAGE, { reason: 'not_found' });
      return { token: this.deps.trackingLinks.tokenOf(created) };
    } catch (error) {
      if (error instanceof AppError && error.reason) throw await this.namingTheFilm(error, row);
      throw error;
    }
  }

  /** For the watch checks: the anonymous link behind a viewer's tracking link. */
  findById(id: string) {
    return this.deps.repository.findById(id);
  }
}
