import { AppError, type ErrorCode } from '@screenroom/shared/errors';
import { MESSAGES } from '@screenroom/shared/messages';
import { z } from 'zod';

/**
 * A small typed client for the Vimeo API (https://developer.vimeo.com/api/reference). The base URL comes
 * from configuration, so tests run this very code against a local fake that speaks Vimeo's JSON.
 * It knows nothing of presenters or modules: it takes a token and answers Vimeo's objects, or throws a
 * `VimeoError` (an AppError whose message a person can read).
 */

export const VIMEO_ACCEPT = 'application/vnd.vimeo.*+json;version=3.4';
export const DEFAULT_VIMEO_API_URL = 'https://api.vimeo.com';

const picture = z.object({ width: z.number(), height: z.number(), link: z.string() });
const pictures = z.object({ sizes: z.array(picture).nullish(), default_picture: z.boolean().nullish() });

export const vimeoUserJson = z.object({
  uri: z.string(),
  name: z.string(),
  link: z.string().nullish(),
  account: z.string().nullish(),
  pictures: pictures.nullish(),
});
export type VimeoUserJson = z.infer<typeof vimeoUserJson>;

export const vimeoVideoJson = z.object({
  uri: z.string(),
  name: z.string().nullish(),
  description: z.string().nullish(),
  duration: z.number().nullish(),
  link: z.string().nullish(),
  player_embed_url: z.string().nullish(),
  width: z.number().nullish(),
  height: z.number().nullish(),
  status: z.string().nullish(),
  is_playable: z.boolean().nullish(),
  privacy: z.object({ view: z.string().nullish(), embed: z.string().nullish() }).nullish(),
  pictures: pictures.nullish(),
  user: z.object({ uri: z.string() }).nullish(),
});
export type VimeoVideoJson = z.infer<typeof vimeoVideoJson>;

const pageJson = <T extends z.ZodType>(item: T) =>
  z.object({
    total: z.number(),
    page: z.number(),
    per_page: z.number(),
    paging: z
      .object({
        next: z.string().nullish(),
        previous: z.string().nullish(),
        first: z.string().nullish(),
        last: z.string().nullish(),
      })
      .nullish(),
    data: z.array(item),
  });
export type VimeoPage<T> = {
  total: number;
  page: number;
  per_page: number;
  paging?: {
    next?: string | null;
    previous?: string | null;
    first?: string | null;
    last?: string | null;
  } | null;
  data: T[];
};

const tokenJson = z.object({
  access_token: z.string().min(1),
  token_type: z.string().nullish(),
  scope: z.string().nullish(),
  user: vimeoUserJson.nullish(),
});
export type VimeoTokenJson = z.infer<typeof tokenJson>;

/** Vimeo's error body: `{ error, link, developer_message, error_code }` (OAuth: `{ error, error_description }`). */
const errorJson = z.object({
  error: z.string().nullish(),
  developer_message: z.string().nullish(),
  error_description: z.string().nullish(),
  error_code: z.number().nullish(),
});

export type VimeoErrorKind =
  | 'unauthorized'
  | 'forbidden'
  | 'not_found'
  | 'rate_limited'
  | 'rejected'
  | 'unavailable';

/** A failed Vimeo call. Never our HTTP 401: the web treats 401 as "you are signed out of Screenroom". */
export class VimeoError extends AppError {
  constructor(
    readonly kind: VimeoErrorKind,
    code: ErrorCode,
    message: string,
    /** Vimeo's HTTP status; undefined when Vimeo could not be reached. */
    readonly upstreamStatus?: number,
    /** Vimeo's own explanation (for logs; may be technical). */
    readonly upstreamMessage?: string,
  ) {
    super(code, message);
    this.name = 'VimeoError';
  }
}

export type VimeoClientOptions = {
  apiUrl?: string;
  oauth?: { clientId: string; clientSecret: string } | null;
  /** Per-request time limit; a slow Vimeo must not hold a request forever. */
  timeoutMs?: number;
  userAgent?: string;
};

export type ListVideosOptions = {
  page?: number;
  perPage?: number;
  query?: string | null;
  sort?: 'date' | 'alphabetical' | 'duration' | 'default' | 'modified_time';
  direction?: 'asc' | 'desc';
  fields?: readonly string[];
};

type RequestOptions = {
  token?: string;
  basic?: { user: string; password: string };
  query?: Record<string, string | number | undefined | null>;
  json?: unknown;
  timeoutMs?: number;
};

export class VimeoClient {
  readonly apiUrl: string;
  private readonly oauth: { clientId: string; clientSecret: string } | null;
  private readonly timeoutMs: number;
  private readonly userAgent: string;

  constructor(options: VimeoClientOptions = {}) {
    this.apiUrl = (options.apiUrl ?? DEFAULT_VIMEO_API_URL).replace(/\/+$/, '');
    this.oauth = options.oauth ?? null;
    this.timeoutMs = options.timeoutMs ?? 10_000;
    this.userAgent = options.userAgent ?? 'Screenroom (+https://github.com/screenroom)';
  }

  /** Whether "Connect with Vimeo" (OAuth) is configured. */
  get oauthEnabled() {
    return this.oauth !== null;
  }

  /** GET /me: the account behind a token (also the cheapest check that a token works). */
  async me(token: string, fields?: readonly string[]) {
    const body = await this.request('GET', '/me', {
      token,
      query: { fields: fields?.join(',') },
    });
    return parse(vimeoUserJson, body);
  }

  /** GET /me/videos: one page of the account's own videos, optionally filtered by a search query. */
  async listMyVideos(token: string, options: ListVideosOptions = {}): Promise<VimeoPage<VimeoVideoJson>> {
    const body = await this.request('GET', '/me/videos', {
      token,
      query: {
        page: options.page ?? 1,
        per_page: options.perPage ?? 25,
        query: options.query || undefined,
        sort: options.sort,
        direction: options.direction,
        fields: options.fields?.join(','),
      },
    });
    return parse(pageJson(vimeoVideoJson), body);
  }

  /** GET /videos/{id}. Vimeo answers public videos of anyone: callers check `user.uri` for ownership. */
  async getVideo(token: string, vimeoId: string, fields?: readonly string[]) {
    if (!/^\d{1,20}$/.test(vimeoId)) {
      throw new VimeoError('not_found', 'NOT_FOUND', MESSAGES.vimeoVideoNotFound, 404);
    }
    const body = await this.request('GET', `/videos/${vimeoId}`, {
      token,
      query: { fields: fields?.join(',') },
    });
    return parse(vimeoVideoJson, body);
  }

  /** Where to send a presenter to approve access (Vimeo's OAuth authorization-code grant, step 1). */
  authorizeUrl({
    redirectUri,
    state,
    scope,
  }: {
    redirectUri: string;
    state: string;
    scope: readonly string[];
  }) {
    const oauth = this.requireOAuth();
    const params = new URLSearchParams({
      response_type: 'code',
      client_id: oauth.clientId,
      redirect_uri: redirectUri,
      state,
      scope: scope.join(' '),
    });
    return `${this.apiUrl}/oauth/authorize?${params.toString()}`;
  }

  /** POST /oauth/access_token: trades the code Vimeo returned for an access token (step 2). */
  async exchangeCode({ code, redirectUri }: { code: string; redirectUri: string }) {
    const oauth = this.requireOAuth();
    const body = await this.request('POST', '/oauth/access_token', {
      basic: { user: oauth.clientId, password: oauth.clientSecret },
      json: { grant_type: 'authorization_code', code, redirect_uri: redirectUri },
    });
    return parse(tokenJson, body);
  }

  /** DELETE /tokens: revokes the token used to call it. */
  async revokeToken(token: string, timeoutMs?: number) {
    await this.request('DELETE', '/tokens', { token, timeoutMs });
  }

  private requireOAuth() {
    if (!this.oauth) throw new VimeoError('rejected', 'CONFLICT', MESSAGES.vimeoOAuthNotConfigured);
    return this.oauth;
  }

  private async request(method: string, path: string, options: RequestOptions): Promise<unknown> {
    const url = new URL(`${this.apiUrl}${path}`);
    for (const [key, value] of Object.entries(options.query ?? {})) {
      if (value !== undefined && value !== null && value !== '') url.searchParams.set(key, String(value));
    }
    const headers: Record<string, string> = { accept: VIMEO_ACCEPT, 'user-agent': this.userAgent };
    if (options.token) headers.authorization = `bearer ${options.token}`;
    else if (options.basic) {
      const pair = `${options.basic.user}:${options.basic.password}`;
      headers.authorization = `basic ${Buffer.from(pair).toString('base64')}`;
    }
    let body: string | undefined;
    if (options.json !== undefined) {
      headers['content-type'] = 'application/json';
      body = JSON.stringify(options.json);
    }

    let response: Response;
    try {
      response = await fetch(url, {
        method,
        headers,
        body,
        redirect: 'manual',
        signal: AbortSignal.timeout(options.timeoutMs ?? this.timeoutMs),
      });
    } catch (error) {
      const reason = (error as Error).name === 'TimeoutError' ? 'timed out' : (error as Error).message;
      throw new VimeoError('unavailable', 'UNAVAILABLE', MESSAGES.vimeoUnavailable, undefined, reason);
    }

    const text = await response.text().catch(() => '');
    let json: unknown;
    try {
      json = text ? JSON.parse(text) : undefined;
    } catch {
      json = undefined;
    }
    if (response.ok) {
      if (response.status === 204 || method === 'DELETE') return json;
      if (json === undefined) {
        throw new VimeoError(
          'unavailable',
          'UNAVAILABLE',
          MESSAGES.vimeoUnavailable,
          response.status,
          'not JSON',
        );
      }
      return json;
    }
    throw errorFor(response.status, json);
  }
}

function errorFor(status: number, json: unknown): VimeoError {
  const parsed = errorJson.safeParse(json);
  const detail = parsed.success
    ? [parsed.data.error, parsed.data.error_description, parsed.data.developer_message]
        .filter(Boolean)
        .join(' — ')
    : undefined;
  if (status === 401)
    return new VimeoError('unauthorized', 'BAD_REQUEST', MESSAGES.vimeoNotLinked, status, detail);
  if (status === 403)
    return new VimeoError('forbidden', 'FORBIDDEN', MESSAGES.vimeoMissingScope, status, detail);
  if (status === 404)
    return new VimeoError('not_found', 'NOT_FOUND', MESSAGES.vimeoVideoNotFound, status, detail);
  if (status === 429) {
    return new VimeoError('rate_limited', 'TOO_MANY_REQUESTS', MESSAGES.vimeoRateLimited, status, detail);
  }
  if (status >= 500)
    return new VimeoError('unavailable', 'UNAVAILABLE', MESSAGES.vimeoUnavailable, status, detail);
  const said = parsed.success && parsed.data.error ? ` Vimeo said: ${parsed.data.error}` : '';
  return new VimeoError('rejected', 'BAD_REQUEST', `Vimeo refused the request.${said}`, status, detail);
}

function parse<T>(schema: z.ZodType<T>, body: unknown): T {
  const result = schema.safeParse(body);
  if (!result.success) {
    throw new VimeoError(
      'unavailable',
      'UNAVAILABLE',
      MESSAGES.vimeoUnavailable,
      200,
      `unexpected answer: ${result.error.issues[0]?.message ?? ''}`,
    );
  }
  return result.data;
}
