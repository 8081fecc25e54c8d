import { AppError } from '@screenroom/shared/errors';
import { MESSAGES } from '@screenroom/shared/messages';
import {
  type UpdateVimeoAccessTokenBody,
  VIMEO_SCOPES,
  type VimeoAccount,
  type VimeoStatus,
  type VimeoVideo,
  type VimeoVideoPage,
} from '@screenroom/shared/schemas/vimeo';
import type { PresenterRow } from '../../db/schema/presenters';
import {
  type VimeoClient,
  VimeoError,
  type VimeoUserJson,
  type VimeoVideoJson,
} from '../../infra/vimeo/vimeo-client';
import type { SecretBox } from '../../lib/secret-box';
import type { LogOrigin, LogsService } from '../logs/logs.service';
import type { PresentersService } from '../presenters/presenters.service';
import type { VimeoOAuthState } from './vimeo-oauth-state';

/** What the video creation flow needs to create a video from a Vimeo film. */
export type ImportableVimeoVideo = {
  vimeoId: string;
  title: string;
  description: string;
  durationSeconds: number;
  thumbnailUrl: string | null;
  /** The film's page on vimeo.com (the video's `video URL`). */
  link: string | null;
  /** The Vimeo player URL (with the privacy hash of hidden films): Vimeo films play through it. */
  embedUrl: string;
  /** The `h` of the player URL: hidden (unlisted) films play only with it. */
  privacyHash: string | null;
  width: number | null;
  height: number | null;
};

/** Only the fields we read: smaller answers from Vimeo, and the fake proves we ask for each one. */
const VIDEO_FIELDS = [
  'uri',
  'name',
  'description',
  'duration',
  'link',
  'player_embed_url',
  'width',
  'height',
  'status',
  'privacy.view',
  'pictures.sizes',
] as const;
const USER_FIELDS = ['uri', 'name', 'link', 'account', 'pictures.sizes'] as const;

/** Vimeo plans below Pro: the hint advises upgrading (hiding films and embed control are Pro features). */
const BELOW_PRO = new Set(['basic', 'free', 'plus', 'starter']);
/** Privacy settings whose films a viewer without a Vimeo login cannot play. */
const RESTRICTED_VIEWS = new Set(['nobody', 'contacts', 'users']);
/** How long an unlink waits for Vimeo to revoke the token before giving up (it never blocks the unlink). */
const REVOKE_TIMEOUT_MS = 3000;

export type ListVimeoVideosQuery = { page: number; perPage: number; query?: string | null };

const REDIRECT_PATH = '/dialog-vimeo-linking';

type Deps = {
  client: VimeoClient;
  presenters: PresentersService;
  secrets: SecretBox;
  logs: LogsService;
  oauthState: VimeoOAuthState;
  publicUrl: string;
};

export const vimeoIdOf = (uri: string) => /\/videos\/(\d+)/.exec(uri)?.[1] ?? uri.replace(/\D/g, '');

/** The thumbnail nearest 640 px wide (the picker's cards and the screener card), or the largest. */
function thumbnailOf(pictures: VimeoVideoJson['pictures']) {
  const sizes = [...(pictures?.sizes ?? [])].sort((a, b) => a.width - b.width);
  return (sizes.find((s) => s.width >= 640) ?? sizes.at(-1))?.link ?? null;
}

/** The privacy hash in a player URL (`?h=…`), if it is a well-formed one. */
export function privacyHashOf(embedUrl: string | null | undefined) {
  if (!embedUrl) return null;
  try {
    const hash = new URL(embedUrl).searchParams.get('h');
    return hash && /^[0-9a-zA-Z]{1,64}$/.test(hash) ? hash : null;
  } catch {
    return null;
  }
}

/** Why a film cannot be imported, or null when it can. */
export function refusalOf(video: Pick<VimeoVideoJson, 'privacy' | 'status'>): string | null {
  const view = video.privacy?.view ?? 'anybody';
  if (view === 'password') return MESSAGES.passwordProtectedVideo;
  if (RESTRICTED_VIEWS.has(view)) return MESSAGES.vimeoVideoRestricted;
  if (video.status && video.status !== 'available') return MESSAGES.vimeoVideoNotReady;
  return null;
}

function toAccount(user: VimeoUserJson): VimeoAccount {
  const sizes = [...(user.pictures?.sizes ?? [])].sort((a, b) => a.width - b.width);
  return {
    uri: user.uri,
    name: user.name,
    link: user.link ?? null,
    account_type: user.account ?? null,
    picture: (sizes.find((s) => s.width >= 100) ?? sizes.at(-1))?.link ?? null,
    pro_advised: BELOW_PRO.has((user.account ?? 'basic').toLowerCase()),
  };
}

function toVideoDto(video: VimeoVideoJson): VimeoVideo {
  const reason = refusalOf(video);
  return {
    vimeo_id: vimeoIdOf(video.uri),
    name: video.name || 'Untitled',
    description: video.description ?? '',
    duration: video.duration ?? 0,
    thumbnail: thumbnailOf(video.pictures),
    link: video.link ?? null,
    privacy: video.privacy?.view ?? 'anybody',
    importable: reason === null,
    ...(reason ? { reason } : {}),
  };
}

/**
 * Linking a presenter's Vimeo account (a pasted personal token, or OAuth in a popup), listing their films,
 * and handing the video creation flow what it needs to import one. The token is kept sealed with
 * MASTER_KEY in `presenters.vimeo_access_token_enc` and never leaves the server, nor any log.
 */
export class VimeoService {
  readonly redirectUri: string;

  constructor(private readonly deps: Deps) {
    this.redirectUri = `${deps.publicUrl}${REDIRECT_PATH}`;
  }

  get oauthEnabled() {
    return this.deps.client.oauthEnabled;
  }

  /** GET /vimeo/status: whether an account is linked and, read live from Vimeo, which one. */
  async status(actor: PresenterRow): Promise<VimeoStatus> {
    const base = { oauthEnabled: this.oauthEnabled };
    if (!actor.vimeoAccessTokenEnc) return { ...base, linked: false, account: null, problem: null };
    try {
      const me = await this.withStoredToken(actor, (token) => this.deps.client.me(token, USER_FIELDS));
      return { ...base, linked: true, account: toAccount(me), problem: null };
    } catch (error) {
      if (error instanceof VimeoError && error.kind === 'unauthorized') {
        return { ...base, linked: false, account: null, problem: error.message };
      }
      if (error instanceof AppError) return { ...base, linked: true, account: null, problem: error.message };
      throw error;
    }
  }

  /** The Vimeo approval page for the popup, with a signed, short-lived state bound to this presenter. */
  async authorizeUrl(actor: PresenterRow) {
    if (!this.oauthEnabled) throw new AppError('CONFLICT', MESSAGES.vimeoOAuthNotConfigured);
    const { state, expiresAt } = await this.deps.oauthState.sign(actor.id);
    const url = this.deps.client.authorizeUrl({ redirectUri: this.redirectUri, state, scope: VIMEO_SCOPES });
    return { url, expiresAt: expiresAt.toISOString() };
  }

  /** POST /presenters/updateVimeoAccessToken: verifies the token against Vimeo, then stores it sealed. */
  async link(actor: PresenterRow, body: UpdateVimeoAccessTokenBody, origin: LogOrigin) {
    const { token, method } = body.accessToken
      ? { token: body.accessToken, method: 'personal access token' }
      : { token: await this.exchange(actor, body.code!, body.state!, origin), method: 'Connect with Vimeo' };

    const me = await this.deps.client.me(token, USER_FIELDS);
    const { row, replaced } = await this.deps.presenters.replaceVimeoToken(
      actor.id,
      this.deps.secrets.seal(token),
    );
    const previous = this.openQuietly(replaced);
    // The token it replaced as stored (not as this sign-in read it) is revoked at Vimeo, so relinking,
    // even twice at once, leaves no live token behind.
    if (previous && previous !== token) await this.revokeQuietly(previous, actor, origin);
    await this.deps.logs.record({
      ...origin,
      level: 'info',
      type: 'vimeo',
      module: 'vimeo',
      message: `Vimeo account "${me.name}" linked (${method})`,
      metadata: { vimeoUser: me.uri, accountType: me.account ?? null, method },
    });
    return { presenter: row, account: toAccount(me) };
  }

  /** PATCH /presenters/{id}/vimeo/revokeAccess: forgets the token here, and revokes it at Vimeo if it can. */
  async revoke(actor: PresenterRow, id: string, origin: LogOrigin) {
    if (id !== actor.id) throw new AppError('NOT_FOUND', 'This presenter does not exist');
    const { row, replaced } = await this.deps.presenters.replaceVimeoToken(actor.id, null);
    const token = this.openQuietly(replaced);
    const revokedAtVimeo = token ? await this.revokeQuietly(token, actor, origin) : false;
    if (replaced) {
      await this.deps.logs.record({
        ...origin,
        level: 'info',
        type: 'vimeo',
        module: 'vimeo',
        message: revokedAtVimeo
          ? 'Vimeo account unlinked; the token was revoked at Vimeo'
          : 'Vimeo account unlinked; Vimeo could not be told to revoke the token',
      });
    }
    return { presenter: row, revokedAtVimeo };
  }

  /** POST /videos/listVimeoVideos: one page of the presenter's own Vimeo films, newest first. */
  async listVideos(actor: PresenterRow, body: ListVimeoVideosQuery): Promise<VimeoVideoPage> {
    const { page, perPage } = body;
    const answer = await this.withStoredToken(actor, (token) =>
      this.deps.client.listMyVideos(token, {
        page,
        perPage,
        query: body.query ?? undefined,
        sort: 'date',
        direction: 'desc',
        fields: VIDEO_FIELDS,
      }),
    );
    return {
      results: answer.data.map(toVideoDto),
      page,
      limit: perPage,
      totalPages: Math.max(1, Math.ceil(answer.total / perPage)),
      totalResults: answer.total,
    };
  }

  /**
   * For the video creation flow (POST /videos with a Vimeo source): the film's details if it belongs to
   * the presenter's linked account and viewers could play it; otherwise an AppError with the reason
   * (not linked: 'Your Vimeo account was not linked'; password-protected: MESSAGES.passwordProtectedVideo;
   * missing or someone else's: 404).
   */
  async getImportableVideo(presenter: PresenterRow, vimeoId: string): Promise<ImportableVimeoVideo> {
    const id = String(vimeoId).trim();
    if (!/^\d{1,20}$/.test(id)) throw new AppError('NOT_FOUND', MESSAGES.vimeoVideoNotFound);
    const [video, me] = await this.withStoredToken(presenter, (token) =>
      Promise.all([
        this.deps.client.getVideo(token, id, [...VIDEO_FIELDS, 'user.uri']),
        this.deps.client.me(token, ['uri', 'name']),
      ]),
    );
    // GET /videos/{id} also answers other members' public films: only your own can become a screener.
    if (video.user?.uri !== me.uri) throw new AppError('NOT_FOUND', MESSAGES.vimeoVideoNotFound);
    const reason = refusalOf(video);
    if (reason) throw new AppError('UNPROCESSABLE', reason);
    return {
      vimeoId: id,
      title: video.name || 'Untitled',
      description: video.description ?? '',
      durationSeconds: video.duration ?? 0,
      thumbnailUrl: thumbnailOf(video.pictures),
      link: video.link ?? null,
      embedUrl: video.player_embed_url ?? `https://player.vimeo.com/video/${id}`,
      privacyHash: privacyHashOf(video.player_embed_url),
      width: video.width ?? null,
      height: video.height ?? null,
    };
  }

  private async exchange(actor: PresenterRow, code: string, state: string, origin: LogOrigin) {
    if (!this.oauthEnabled) throw new AppError('CONFLICT', MESSAGES.vimeoOAuthNotConfigured);
    if (!(await this.deps.oauthState.verify(state, actor.id))) {
      await this.deps.logs.record({
        ...origin,
        level: 'warn',
        type: 'security',
        module: 'vimeo',
        message: 'Refused a Vimeo linking completion: its state is expired, forged or for another presenter',
      });
      throw new AppError('BAD_REQUEST', MESSAGES.vimeoOAuthStateInvalid);
    }
    try {
      const answer = await this.deps.client.exchangeCode({ code, redirectUri: this.redirectUri });
      return answer.access_token;
    } catch (error) {
      if (!(error instanceof VimeoError)) throw error;
      if (error.kind === 'unauthorized') {
        // Vimeo refused our client credentials: a configuration problem for the administrator.
        await this.deps.logs.record({
          ...origin,
          level: 'error',
          type: 'vimeo',
          module: 'vimeo',
          message: `Vimeo refused the app credentials in the token exchange: ${error.upstreamMessage ?? ''}`,
        });
        throw new AppError('UNAVAILABLE', MESSAGES.vimeoAppRefused);
      }
      // invalid_grant: a used, expired or foreign code.
      if (error.kind === 'rejected') throw new AppError('BAD_REQUEST', MESSAGES.vimeoNotLinked);
      throw error;
    }
  }

  /**
   * Runs a Vimeo call with the presenter's stored token. No token: 'Your Vimeo account was not linked'.
   * A token Vimeo no longer accepts (revoked on vimeo.com) is forgotten, so the screens show the account
   * as unlinked, and the same message is answered.
   */
  private async withStoredToken<T>(presenter: PresenterRow, call: (token: string) => Promise<T>): Promise<T> {
    const notLinked = () => new VimeoError('unauthorized', 'CONFLICT', MESSAGES.vimeoNotLinked);
    if (!presenter.vimeoAccessTokenEnc) throw notLinked();
    const token = this.openQuietly(presenter.vimeoAccessTokenEnc);
    if (!token) {
      await this.forget(presenter, 'The stored Vimeo token could not be decrypted (was MASTER_KEY changed?)');
      throw notLinked();
    }
    try {
      return await call(token);
    } catch (error) {
      if (error instanceof VimeoError && error.kind === 'unauthorized') {
        await this.forget(
          presenter,
          'Vimeo no longer accepts the stored token (revoked on Vimeo?): unlinked',
        );
        throw notLinked();
      }
      throw error;
    }
  }

  /** Forgets the token this request used, unless another was linked meanwhile. */
  private async forget(presenter: PresenterRow, message: string) {
    const { replaced } = await this.deps.presenters.replaceVimeoToken(
      presenter.id,
      null,
      presenter.vimeoAccessTokenEnc ?? undefined,
    );
    if (!replaced) return;
    await this.deps.logs.record({
      level: 'warn',
      type: 'vimeo',
      module: 'vimeo',
      message,
      userId: presenter.id,
      userEmail: presenter.email,
    });
  }

  private openQuietly(sealed: string | null) {
    if (!sealed) return null;
    try {
      return this.deps.secrets.openText(sealed);
    } catch {
      return null;
    }
  }

  /** Best effort: true when Vimeo confirmed (or the token was already dead there). Never throws. */
  private async revokeQuietly(token: string, presenter: PresenterRow, origin: LogOrigin) {
    try {
      await this.deps.client.revokeToken(token, REVOKE_TIMEOUT_MS);
      return true;
    } catch (error) {
      if (error instanceof VimeoError && error.kind === 'unauthorized') return true;
      await this.deps.logs.record({
        ...origin,
        level: 'warn',
        type: 'vimeo',
        module: 'vimeo',
        message: `Could not revoke a Vimeo token at Vimeo: ${(error as Error).message}`,
        userId: presenter.id,
        userEmail: presenter.email,
      });
      return false;
    }
  }
}
