import { AppError } from '@screenroom/shared/errors';
import { withViewerName } from '@screenroom/shared/invitation';
import { linkLimitsInWords } from '@screenroom/shared/link-limits-words';
import { MESSAGES } from '@screenroom/shared/messages';
import { parseRecipients } from '@screenroom/shared/recipients';
import {
  ACCESS_LINK_PLACEHOLDER,
  type AudienceQuery,
  type GeoRestriction,
  type InviteResponse,
} from '@screenroom/shared/schemas/tracking-links';
import { viewerLabel } from '@screenroom/shared/viewer-label';
import type { PresenterRow } from '../../db/schema/presenters';
import type { AnonymousLinkRow } from '../../db/schema/sharing';
import type { TrackingLinkRow } from '../../db/schema/tracking-links';
import type { Mailer } from '../../infra/mail/mailer';
import type { LogOrigin, LogsService } from '../logs/logs.service';
import type { VideosService } from '../videos/videos.service';
import { invitationMail } from './invitation.mails';
import { toTrackingLinkDto, watchUrl } from './tracking-link.mapper';
import {
  type NewTrackingLink,
  type TrackingLinkPatch,
  type TrackingLinksRepository,
  uniqueViolation,
} from './tracking-links.repository';
import type { ViewerTokens } from './viewer-tokens';

/** A new link as its makers give it: its token is made and stored here. */
type NewLinkValues = Omit<NewTrackingLink, 'tokenHash' | 'tokenEnc' | 'plainToken'>;

type Deps = {
  repository: TrackingLinksRepository;
  viewerTokens: ViewerTokens;
  videos: VideosService;
  mailer: Mailer;
  logs: LogsService;
  publicUrl: string;
  /** Our sender address; invitations go out as "<presenter's name> via Screenroom" from it. */
  mailFrom: string;
  /** Resolves once viewer events answered so far are in the links' figures (EventIngest.settled). */
  eventsSettled?: () => Promise<void>;
  /** Invitation mails a presenter may send in 24 hours. */
  invitationsPerDay: number;
  /**
   * A link was revoked, enabled again or given other limits: whatever remembers its state (the watch
   * module's, for the events route) reads it afresh.
   */
  onAccessChanged?: (trackingLinkId: string) => void;
};

/** A link's invitation goes out again at most this often (a double click, a script resending). */
const RESEND_PAUSE_MS = 2 * 60_000;
/**
 * A sending's claim on a link that was never released (its process stopped mid-sending) is taken over
 * after this long: longer than a mail can take (nodemailer gives up on a silent server after 10 minutes).
 */
const SENDING_LAPSES_MS = 15 * 60_000;

export type LinkLimits = {
  usage_limit?: number | null;
  ends_at?: string | null;
  geo_restriction?: GeoRestriction;
};
type MailContent = { from: string; subject: string; content: string };

const senderAddress = (mailFrom: string) => /<([^>]+)>/.exec(mailFrom)?.[1] ?? mailFrom;

/**
 * Why an invitation was not sent, as the presenter reads it: the relay's own answer about this mail (a
 * refused address, "try later") is theirs to know; a relay that could not be reached is ours, and its
 * error names its host and port ("connect ECONNREFUSED 10.0.0.7:587"), which the log keeps.
 */
function mailFailureInWords(error: unknown) {
  if (typeof (error as { responseCode?: unknown }).responseCode === 'number')
    return (error as Error).message.slice(0, 300);
  return 'our mail server could not be reached just now';
}

export class TrackingLinksService {
  constructor(private readonly deps: Deps) {}

  private async dtos(rows: TrackingLinkRow[]) {
    const invitations = await this.deps.repository.latestInvitations(rows.map((r) => r.id));
    return rows.map((r) => toTrackingLinkDto(r, invitations.get(r.id), this.watchUrlOf(r)));
  }

  /** The viewer's token of a stored link (it keeps it sealed). */
  tokenOf(row: TrackingLinkRow) {
    return this.deps.viewerTokens.tokenOf(row);
  }

  /** The address a viewer opens the link at. */
  watchUrlOf(row: TrackingLinkRow) {
    return watchUrl(this.deps.publicUrl, this.tokenOf(row));
  }

  /**
   * Seals the tokens that links made before migration 0021 keep in plain text, and clears them (run
   * before the server serves). Returns how many this server sealed.
   */
  sealPlainTokens() {
    return this.deps.repository.sealPlainTokens((token) => this.deps.viewerTokens.seal(token));
  }

  async toDto(row: TrackingLinkRow) {
    return (await this.dtos([row]))[0]!;
  }

  async ownedRow(presenterId: string, id: string) {
    const row = await this.deps.repository.findOwned(presenterId, id);
    if (!row) throw new AppError('NOT_FOUND', MESSAGES.trackingLinkNotFound);
    return row;
  }

  private limitsOf(body: LinkLimits): Partial<NewTrackingLink> {
    const values: Partial<NewTrackingLink> = {};
    if (body.usage_limit !== undefined) values.usageLimit = body.usage_limit;
    if (body.ends_at !== undefined) values.endsAt = body.ends_at ? new Date(body.ends_at) : null;
    if (body.geo_restriction) {
      values.geoRestrictionType = body.geo_restriction.type;
      values.geoCountries = body.geo_restriction.countries;
    }
    return values;
  }

  /** Creates a viewer's link; a second link for the same e-mail and film is refused (spec message). */
  async createRow(values: NewLinkValues) {
    try {
      return await this.deps.repository.create({ ...values, ...this.deps.viewerTokens.issue() });
    } catch (error) {
      if (uniqueViolation(error) === 'tracking_links_video_email_idx' && values.viewerEmail) {
        throw new AppError('CONFLICT', MESSAGES.alreadyInvited(values.viewerEmail));
      }
      throw error;
    }
  }

  async create(
    presenter: PresenterRow,
    body: LinkLimits & {
      video_id: string;
      viewer_name?: string | null;
      viewer_email?: string | null;
      generated_by: 'access_url' | 'invitation';
    },
  ) {
    const video = await this.deps.videos.ownedRow(presenter.id, body.video_id);
    const row = await this.createRow({
      videoId: video.id,
      presenterId: presenter.id,
      viewerName: body.viewer_name ?? null,
      viewerEmail: body.viewer_email ?? null,
      generatedBy: body.generated_by,
      ...this.limitsOf(body),
    });
    return this.toDto(row);
  }

  async list(presenter: PresenterRow, videoId?: string) {
    await this.deps.eventsSettled?.();
    if (videoId) await this.deps.videos.ownedRow(presenter.id, videoId);
    return this.dtos(await this.deps.repository.listOwned(presenter.id, videoId));
  }

  async get(presenter: PresenterRow, id: string) {
    await this.deps.eventsSettled?.();
    return this.toDto(await this.ownedRow(presenter.id, id));
  }

  async update(
    presenter: PresenterRow,
    id: string,
    body: LinkLimits & { viewer_name?: string | null; viewer_email?: string | null },
  ) {
    const row = await this.ownedRow(presenter.id, id);
    // A viewer who came through an anonymous link is bound by that link's settings.
    if (row.generatedBy === 'magic_link' || row.generatedBy === 'preview') {
      throw new AppError('FORBIDDEN', MESSAGES.restrictedAccess);
    }
    const patch: TrackingLinkPatch = { ...this.limitsOf(body) };
    if (body.viewer_name !== undefined) patch.viewerName = body.viewer_name;
    if (body.viewer_email !== undefined) patch.viewerEmail = body.viewer_email;
    try {
      const updated = await this.deps.repository.updateOwned(presenter.id, id, patch);
      this.deps.onAccessChanged?.(id);
      return this.toDto(updated!);
    } catch (error) {
      if (uniqueViolation(error) && body.viewer_email)
        throw new AppError('CONFLICT', MESSAGES.alreadyInvited(body.viewer_email));
      throw error;
    }
  }

  /**
   * Revoke or enable again: immediate (the watch heartbeat checks the status on every beat, and the
   * events route is told through `onAccessChanged`).
   */
  async updateStatus(
    presenter: PresenterRow,
    id: string,
    status: 'active' | 'revoked',
    origin: LogOrigin = {},
  ) {
    const before = await this.ownedRow(presenter.id, id);
    const row = await this.deps.repository.updateOwned(presenter.id, id, {
      status,
      // Revoking a revoked link again keeps the moment it was first withdrawn.
      revokedAt: status === 'revoked' ? (before.revokedAt ?? new Date()) : null,
    });
    this.deps.onAccessChanged?.(id);
    const viewer = viewerLabel({
      id: before.id,
      viewer_name: before.viewerName,
      viewer_email: before.viewerEmail,
      generated_by: before.generatedBy,
    });
    await this.deps.logs.record({
      ...origin,
      level: 'info',
      type: 'access',
      module: 'tracking-links',
      message: status === 'revoked' ? `Access of ${viewer} revoked` : `Access of ${viewer} enabled again`,
      userId: presenter.id,
      userEmail: presenter.email,
      videoId: row!.videoId,
      metadata: { trackingLinkId: id },
    });
    return this.toDto(row!);
  }

  async accessUrl(presenter: PresenterRow, id: string) {
    const row = await this.ownedRow(presenter.id, id);
    return { url: this.watchUrlOf(row) };
  }

  /** The owner's own link to the film's viewer page: no limits, never counted in analytics. */
  async previewAccessUrl(presenter: PresenterRow, videoId: string) {
    const video = await this.deps.videos.ownedRow(presenter.id, videoId);
    const existing = await this.deps.repository.findPreview(video.id);
    const row =
      existing ??
      (await this.createRow({
        videoId: video.id,
        presenterId: presenter.id,
        viewerName: presenter.name,
        viewerEmail: null,
        generatedBy: 'preview',
      }).catch(async (error) => {
        // Two previews asked at once: the other one won.
        const again = await this.deps.repository.findPreview(video.id);
        if (again) return again;
        throw error;
      }));
    return { url: this.watchUrlOf(row) };
  }

  async audience(presenter: PresenterRow, videoId: string, query: AudienceQuery) {
    await this.deps.eventsSettled?.();
    await this.deps.videos.ownedRow(presenter.id, videoId);
    const { rows, total } = await this.deps.repository.audience(presenter.id, videoId, query);
    return {
      results: await this.dtos(rows),
      page: query.page,
      limit: query.limit,
      totalPages: Math.max(1, Math.ceil(total / query.limit)),
      totalResults: total,
    };
  }

  // Invitations ---------------------------------------------------------------

  /**
   * Sends the invitation for one link. The outcome is kept either way: a failure is recorded with its
   * error (and the link stays), so the presenter can send it again.
   */
  /**
   * Sends with the link's sending claimed, and lets the claim go once the outcome is recorded (a sent
   * invitation then holds the pause) or the sending was refused.
   */
  private async releasingClaim<T>(linkId: string, send: () => Promise<T>) {
    try {
      return await send();
    } finally {
      await this.deps.repository.releaseInvitationSending(linkId);
    }
  }

  private async sendInvitation(
    presenter: PresenterRow,
    row: TrackingLinkRow,
    mail: MailContent,
    holdId: string,
  ) {
    const video = await this.deps.videos.ownedRow(presenter.id, row.videoId);
    const url = this.watchUrlOf(row);
    const body = await invitationMail({
      subject: mail.subject,
      content: withViewerName(mail.content, row.viewerName),
      url,
      title: video.title,
      thumbnailUrl: this.deps.videos.mailThumbnail(video),
      limits: linkLimitsInWords({
        usageLimit: row.usageLimit,
        endsAt: row.endsAt,
        timeZone: presenter.timezone,
        geo: { type: row.geoRestrictionType, countries: row.geoCountries },
      }),
      presenter: presenter.name,
    });
    const from = `"${mail.from.replace(/["<>]/g, '')} via Screenroom" <${senderAddress(this.deps.mailFrom)}>`;
    const now = new Date();
    try {
      await this.deps.mailer.send({ to: row.viewerEmail!, from, replyTo: presenter.email, ...body });
      await this.deps.repository.markInvited(row.id, now);
      await this.deps.repository.addInvitation(
        {
          trackingLinkId: row.id,
          presenterId: presenter.id,
          fromName: mail.from,
          subject: mail.subject,
          content: mail.content,
          status: 'sent',
          sentAt: now,
        },
        holdId,
      );
      await this.deps.logs.record({
        level: 'info',
        type: 'mail',
        module: 'tracking-links',
        message: `Invitation sent to ${row.viewerEmail}`,
        userId: presenter.id,
        userEmail: presenter.email,
        videoId: video.id,
        videoTitle: video.title,
      });
      return { sent: true as const };
    } catch (error) {
      const reason = mailFailureInWords(error);
      await this.deps.repository.addInvitation({
        trackingLinkId: row.id,
        presenterId: presenter.id,
        fromName: mail.from,
        subject: mail.subject,
        content: mail.content,
        status: 'failed',
        error: reason,
      });
      await this.deps.logs.record({
        level: 'error',
        type: 'mail',
        module: 'tracking-links',
        message: `Invitation to ${row.viewerEmail} failed`,
        userId: presenter.id,
        videoId: video.id,
        videoTitle: video.title,
        error,
      });
      return { sent: false as const, reason };
    }
  }

  async shareWithEmail(presenter: PresenterRow, id: string, mail: MailContent) {
    const row = await this.ownedRow(presenter.id, id);
    if (!row.viewerEmail) {
      throw new AppError(
        'BAD_REQUEST',
        'This tracking link has no e-mail address: add the viewer’s e-mail first.',
      );
    }
    if (row.status === 'revoked')
      throw new AppError('CONFLICT', 'This link is revoked: enable it before inviting.');
    // One sending per link at a time, on any server: the sending is claimed on the link's row (a short
    // locked check and stamp, never held across the mail), so a double click finds the first one's.
    const claim = await this.deps.repository.claimInvitationSending(
      row.id,
      RESEND_PAUSE_MS,
      SENDING_LAPSES_MS,
    );
    if (claim === 'gone') throw new AppError('NOT_FOUND', MESSAGES.trackingLinkNotFound);
    if (claim === 'sent-recently')
      throw new AppError(
        'TOO_MANY_REQUESTS',
        `${row.viewerEmail} was sent an invitation a moment ago. You can send it again in two minutes.`,
      );
    if (claim === 'sending')
      throw new AppError(
        'TOO_MANY_REQUESTS',
        `The invitation to ${row.viewerEmail} is being sent right now. You can send it again in two minutes.`,
      );
    const outcome = await this.releasingClaim(row.id, () =>
      this.withMailAllowance(presenter, 1, (hold) => this.sendInvitation(presenter, row, mail, hold)),
    );
    if (!outcome.sent) {
      throw new AppError(
        'UNAVAILABLE',
        `The invitation to ${row.viewerEmail} could not be sent (${outcome.reason}). The link is kept: you can send it again.`,
      );
    }
    return this.toDto((await this.deps.repository.findOwned(presenter.id, id))!);
  }

  /**
   * Our sending address is nobody's relay: a presenter sends a day's worth of invitations at most. Runs
   * `send` with `mails` held against that allowance, or refuses when they would pass it.
   */
  private async withMailAllowance<T>(
    presenter: PresenterRow,
    mails: number,
    send: (holdId: string) => Promise<T>,
  ) {
    const perDay = this.deps.invitationsPerDay;
    const since = new Date(Date.now() - 24 * 3600_000);
    const hold = await this.deps.repository.holdMailAllowance(presenter.id, mails, since, (used) => {
      const left = Math.max(0, perDay - used);
      if (mails <= left) return;
      throw new AppError(
        'TOO_MANY_REQUESTS',
        `You can send ${perDay} invitations a day${left > 0 ? `; ${left} ${left === 1 ? 'is' : 'are'} left for now` : ', and have sent them all'}. Try again tomorrow, or contact us to send more.`,
      );
    });
    try {
      return await send(hold);
    } finally {
      await this.deps.repository.releaseMailAllowance(hold);
    }
  }

  /** Sends the last invitation of this link again (after a failure, or as a reminder). */
  async resendInvitation(presenter: PresenterRow, id: string) {
    const row = await this.ownedRow(presenter.id, id);
    const last = (await this.deps.repository.latestInvitations([row.id])).get(row.id);
    if (!last) throw new AppError('CONFLICT', 'No invitation was sent for this link yet.');
    return this.shareWithEmail(presenter, id, {
      from: last.fromName,
      subject: last.subject,
      content: last.content,
    });
  }

  /** Invites a pasted list: one link and one mail per address, and each address's outcome. */
  async invite(
    presenter: PresenterRow,
    body: LinkLimits & MailContent & { video_id: string; recipients: string },
  ): Promise<InviteResponse> {
    const video = await this.deps.videos.ownedRow(presenter.id, body.video_id);
    if (!body.content.includes(ACCESS_LINK_PLACEHOLDER)) {
      throw new AppError('BAD_REQUEST', MESSAGES.accessLinkPlaceholderMissing);
    }
    const recipients = parseRecipients(body.recipients);
    if (recipients.length === 0) throw new AppError('BAD_REQUEST', 'recipients: Field is required');
    if (recipients.length > 200) throw new AppError('BAD_REQUEST', 'Invite at most 200 people at once.');
    const mails = recipients.filter((r) => r.email).length;
    const results = await this.withMailAllowance(presenter, mails, (hold) =>
      this.inviteEach(presenter, video.id, recipients, body, hold),
    );
    return { results, invited: results.filter((r) => r.outcome === 'invited').length };
  }

  private async inviteEach(
    presenter: PresenterRow,
    videoId: string,
    recipients: ReturnType<typeof parseRecipients>,
    body: LinkLimits & MailContent,
    holdId: string,
  ) {
    const results: InviteResponse['results'] = [];
    for (const recipient of recipients) {
      if (!recipient.email) {
        results.push({
          email: recipient.raw,
          name: null,
          outcome: 'invalid',
          message: MESSAGES.email,
          tracking_link_id: null,
        });
        continue;
      }
      let row: TrackingLinkRow;
      try {
        row = await this.createRow({
          videoId: videoId,
          presenterId: presenter.id,
          viewerName: recipient.name,
          viewerEmail: recipient.email,
          generatedBy: 'invitation',
          ...this.limitsOf(body),
          // Made claimed for its first sending, which follows at once.
          invitationSendingSince: new Date(),
        });
      } catch (error) {
        if (error instanceof AppError && error.status === 409) {
          const existing = await this.deps.repository.findByVideoAndEmail(videoId, recipient.email);
          results.push({
            email: recipient.email,
            name: recipient.name,
            outcome: 'already_invited',
            message: error.message,
            tracking_link_id: existing?.id ?? null,
          });
          continue;
        }
        throw error;
      }
      const outcome = await this.releasingClaim(row.id, () =>
        this.sendInvitation(presenter, row, body, holdId),
      );
      results.push(
        outcome.sent
          ? {
              email: recipient.email,
              name: recipient.name,
              outcome: 'invited',
              message: 'Invitation sent',
              tracking_link_id: row.id,
            }
          : {
              email: recipient.email,
              name: recipient.name,
              outcome: 'failed',
              message: `Not sent (${outcome.reason}); the link is kept and can be sent again.`,
              tracking_link_id: row.id,
            },
      );
    }
    return results;
  }

  // For other modules ----------------------------------------------------------

  findById(id: string) {
    return this.deps.repository.findById(id);
  }

  reserveSession(
    id: string,
    seen: { at: Date; country: string | null; device: string; browser: string | null },
  ) {
    return this.deps.repository.reserveSession(id, seen);
  }

  findByToken(token: string) {
    return this.deps.repository.findByToken(token);
  }

  findByAnonymousDevice(anonymousLinkId: string, deviceId: string) {
    return this.deps.repository.findByAnonymousDevice(anonymousLinkId, deviceId);
  }

  countAnonymous(anonymousLinkId: string) {
    return this.deps.repository.countAnonymous(anonymousLinkId);
  }

  /** See the repository's: the link of this person+device of an anonymous link, made if `allow` lets it. */
  createAnonymousWithinLimit(
    anonymousLinkId: string,
    deviceId: string,
    allow: (anonymous: AnonymousLinkRow, viewers: number) => void,
    values: (anonymous: AnonymousLinkRow) => NewLinkValues,
  ) {
    return this.deps.repository.createAnonymousWithinLimit(anonymousLinkId, deviceId, allow, (anonymous) => ({
      ...values(anonymous),
      ...this.deps.viewerTokens.issue(),
    }));
  }

  findByVideoAndEmail(videoId: string, email: string) {
    return this.deps.repository.findByVideoAndEmail(videoId, email);
  }
}
