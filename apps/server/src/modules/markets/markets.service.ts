import { MARKET_OPENS_DAYS_BEFORE } from '@screenroom/shared/constants';
import { AppError } from '@screenroom/shared/errors';
import { MESSAGES } from '@screenroom/shared/messages';
import type { Market, MarketListing } from '@screenroom/shared/schemas/markets';
import type { PresenterRow } from '../../db/schema/presenters';
import type { MarketRow } from '../../db/schema/sharing';
import type { Mailer } from '../../infra/mail/mailer';
import type { LogsService } from '../logs/logs.service';
import type { PresentersService } from '../presenters/presenters.service';
import { marketAccessMail, marketAccessWithdrawnMail } from '../tracking-links/invitation.mails';
import { uniqueViolation } from '../tracking-links/tracking-links.repository';
import type { TrackingLinksService } from '../tracking-links/tracking-links.service';
import type { VideosService } from '../videos/videos.service';
import type { MarketsRepository } from './markets.repository';

type Deps = {
  repository: MarketsRepository;
  videos: VideosService;
  presenters: Pick<PresentersService, 'findById'>;
  trackingLinks: TrackingLinksService;
  mailer: Mailer;
  logs: LogsService;
  publicUrl: string;
  now?: () => Date;
};

/** A tracking link's viewer name holds at most this much (the presenter edits it in the same form). */
const VIEWER_NAME_MAX = 100;

/** 'Name (Company)', the company shortened so the whole fits a viewer's name. */
export function attendeeName(name: string, company?: string | null) {
  if (!company) return name;
  const room = VIEWER_NAME_MAX - name.length - 3;
  if (room < 2) return name.slice(0, VIEWER_NAME_MAX);
  return `${name} (${company.length > room ? `${company.slice(0, room - 1)}…` : company})`;
}

type MarketFields = {
  name?: string;
  code?: string;
  starts_at?: string | null;
  ends_at?: string | null;
  status?: 'open' | 'closed';
};

/**
 * Industry events (festival markets): admins create them with a code; presenters list films in them;
 * accredited attendees ask for a film and receive a tracking link of their own (generated_by market).
 */
export class MarketsService {
  private readonly now: () => Date;

  constructor(private readonly deps: Deps) {
    this.now = deps.now ?? (() => new Date());
  }

  /** An entry of the presenter's log about one of their films and a market (its title is filled in). */
  private logSharing(
    message: string,
    presenterId: string,
    videoId: string,
    metadata?: Record<string, unknown>,
  ) {
    return this.deps.logs.record({
      level: 'info',
      type: 'sharing',
      module: 'markets',
      message,
      userId: presenterId,
      videoId,
      metadata,
    });
  }

  private dto(row: MarketRow, films: number): Market {
    return {
      id: row.id,
      name: row.name,
      code: row.code,
      starts_at: row.startsAt?.toISOString() ?? null,
      ends_at: row.endsAt?.toISOString() ?? null,
      status: row.status,
      films,
      created_at: row.createdAt.toISOString(),
    };
  }

  private fields(body: MarketFields, current?: MarketRow) {
    const values: Partial<MarketRow> = {};
    if (body.name !== undefined) values.name = body.name;
    if (body.code !== undefined) values.code = body.code;
    if (body.starts_at !== undefined) values.startsAt = body.starts_at ? new Date(body.starts_at) : null;
    if (body.ends_at !== undefined) values.endsAt = body.ends_at ? new Date(body.ends_at) : null;
    if (body.status !== undefined) values.status = body.status;
    const startsAt = values.startsAt !== undefined ? values.startsAt : current?.startsAt;
    const endsAt = values.endsAt !== undefined ? values.endsAt : current?.endsAt;
    if (startsAt && endsAt && endsAt <= startsAt) {
      const message = MESSAGES.marketEndsBeforeStart;
      throw new AppError('BAD_REQUEST', `ends_at: ${message}`, { errors: [{ field: 'ends_at', message }] });
    }
    return values;
  }

  private async guardCode<T>(write: () => Promise<T>) {
    try {
      return await write();
    } catch (error) {
      if (uniqueViolation(error)) throw new AppError('CONFLICT', 'Another market already uses this code.');
      throw error;
    }
  }

  async list() {
    return (await this.deps.repository.list()).map((r) => this.dto(r.market, r.films));
  }

  async create(body: MarketFields & { name: string; code: string }) {
    const row = await this.guardCode(() =>
      this.deps.repository.create({ ...this.fields(body), name: body.name, code: body.code }),
    );
    return this.dto(row, 0);
  }

  async update(id: string, body: MarketFields) {
    const current = await this.existing(id);
    // A change of one date is checked against the other one as stored.
    const row = await this.guardCode(() => this.deps.repository.update(id, this.fields(body, current)));
    if (!row) throw new AppError('NOT_FOUND', 'This market does not exist.');
    return this.dto(row, await this.deps.repository.countFilms(row.id));
  }

  private async existing(id: string) {
    const market = await this.deps.repository.findById(id);
    if (!market) throw new AppError('NOT_FOUND', 'This market does not exist.');
    return market;
  }

  /** A market's films, for its organisers: who listed each, when, and how many attendees asked. */
  async listings(marketId: string): Promise<MarketListing[]> {
    const market = await this.existing(marketId);
    return (await this.deps.repository.listings(market.id)).map((r) => ({
      video_id: r.videoId,
      title: r.title,
      presenter: r.presenter,
      listed_at: r.listedAt.toISOString(),
      requests: r.requests,
    }));
  }

  /**
   * The organisers take a film out of their market (a listing that does not belong there). As when its
   * presenter does it, links already sent keep working; the presenter's log says who did it.
   */
  async removeListing(marketId: string, videoId: string) {
    const market = await this.existing(marketId);
    const removed = await this.deps.repository.removeListing(market.id, videoId);
    if (!removed) throw new AppError('NOT_FOUND', 'This film is not listed in this market.');
    await this.logSharing(`Taken out of ${market.name} by its organisers`, removed.presenterId, videoId);
  }

  /** An open market whose dates include today, by code; 'Invalid Code' otherwise. */
  private async openMarket(code: string) {
    const market = await this.deps.repository.findByCode(code.trim().toUpperCase());
    const now = this.now();
    const open =
      market &&
      market.status === 'open' &&
      (!market.endsAt || market.endsAt > now) &&
      (!market.startsAt ||
        market.startsAt <= now ||
        market.startsAt.getTime() - now.getTime() < MARKET_OPENS_DAYS_BEFORE * 86_400_000);
    if (!open) throw new AppError('NOT_FOUND', MESSAGES.invalidCode);
    return market;
  }

  async verify(code: string) {
    const market = await this.openMarket(code);
    return {
      valid: true,
      market: { name: market.name, code: market.code, ends_at: market.endsAt?.toISOString() ?? null },
    };
  }

  /** Lists a film in a market (again: no change). */
  async push(presenter: PresenterRow, videoId: string, code: string) {
    const video = await this.deps.videos.ownedRow(presenter.id, videoId);
    const market = await this.openMarket(code);
    await this.deps.repository.push(market.id, video.id, presenter.id);
    await this.logSharing(`Listed in ${market.name}`, presenter.id, video.id);
    return { market: this.dto(market, await this.deps.repository.countFilms(market.id)) };
  }

  /**
   * Takes a film out of a market: its attendees no longer see it or ask for it. Links already sent
   * keep working, like any tracking link, until the presenter revokes them.
   */
  async unlist(presenter: PresenterRow, videoId: string, marketId: string) {
    const video = await this.deps.videos.ownedRow(presenter.id, videoId);
    const market = await this.deps.repository.findById(marketId);
    if (!market || !(await this.deps.repository.unlist(market.id, video.id, presenter.id))) {
      throw new AppError('NOT_FOUND', 'This film is not listed in this market.');
    }
    await this.logSharing(`Taken out of ${market.name}`, presenter.id, video.id);
  }

  async marketsOfVideo(presenter: PresenterRow, videoId: string) {
    await this.deps.videos.ownedRow(presenter.id, videoId);
    const rows = await this.deps.repository.marketsOfVideo(presenter.id, videoId);
    return Promise.all(
      rows.map(async (r) => this.dto(r.market, await this.deps.repository.countFilms(r.market.id))),
    );
  }

  /** The attendees' page of a market: its films. */
  async publicMarket(code: string) {
    const market = await this.openMarket(code);
    const films = await this.deps.repository.films(market.id);
    return {
      market: { name: market.name, code: market.code, ends_at: market.endsAt?.toISOString() ?? null },
      films: films.map(({ video }) => {
        const dto = this.deps.videos.toDto(video);
        return {
          video_id: video.id,
          title: video.title,
          description: video.description,
          director: video.director,
          duration: video.durationSeconds,
          thumbnail: dto.thumbnail,
        };
      }),
    };
  }

  /**
   * An attendee asks for a film: a tracking link of their own (or the one they already have) is
   * e-mailed to the address they gave, never shown here, so nobody can claim another's address.
   */
  /**
   * The attendee's link to the film: the one they were given before, or a new one. A request at the same
   * moment (a double click) may make it first; createRow then answers 409, and that link is theirs.
   */
  private async attendeeLink(
    video: { id: string; presenterId: string },
    market: MarketRow,
    body: { name: string; email: string; company?: string | null },
  ) {
    const known = () => this.deps.trackingLinks.findByVideoAndEmail(video.id, body.email);
    const before = await known();
    if (before) return { link: before, sentBefore: true };
    try {
      const link = await this.deps.trackingLinks.createRow({
        videoId: video.id,
        presenterId: video.presenterId,
        viewerName: attendeeName(body.name, body.company),
        viewerEmail: body.email,
        generatedBy: 'market',
        marketId: market.id,
        invitedAt: this.now(),
      });
      return { link, sentBefore: false };
    } catch (error) {
      const made = error instanceof AppError && error.code === 'CONFLICT' ? await known() : undefined;
      if (!made) throw error;
      return { link: made, sentBefore: true };
    }
  }

  async requestAccess(
    code: string,
    body: { videoId: string; name: string; email: string; company?: string | null },
  ) {
    const market = await this.openMarket(code);
    if (!(await this.deps.repository.isListed(market.id, body.videoId))) {
      throw new AppError('NOT_FOUND', 'This film is not listed in this market.');
    }
    const video = await this.deps.videos.rowById(body.videoId);
    const { link, sentBefore } = await this.attendeeLink(video, market, body);
    const presenter = (await this.deps.presenters.findById(video.presenterId))?.name ?? 'the presenter';
    const about = { name: body.name, title: video.title, market: market.name, presenter };
    // The presenter withdrew this person's access: a link would not open. The mail says so to the
    // address alone; the public answer stays the same, so it tells no one who was revoked.
    const mail =
      link.status === 'revoked'
        ? await marketAccessWithdrawnMail(about)
        : await marketAccessMail({ ...about, url: this.deps.trackingLinks.watchUrlOf(link) });
    await this.deps.mailer.send({ to: body.email, ...mail });
    const outcome =
      link.status === 'revoked'
        ? ': access withdrawn, told so by mail'
        : sentBefore
          ? ': link sent again'
          : '';
    await this.logSharing(
      `${attendeeName(body.name, body.company)} asked for the film at ${market.name}${outcome}`,
      video.presenterId,
      video.id,
      { trackingLinkId: link.id, marketId: market.id, email: body.email },
    );
    return { ok: true as const, message: `We sent your link to ${body.email}.` };
  }
}
