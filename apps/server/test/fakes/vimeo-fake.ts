import { createHash, randomBytes } from 'node:crypto';
import http from 'node:http';
import type { AddressInfo } from 'node:net';

/**
 * A local stand-in for api.vimeo.com: a real HTTP server that speaks Vimeo's JSON (API 3.4) for the calls
 * Screenroom makes: GET /me, GET /me/videos (paging, query, sort, fields), GET /videos/{id}, the OAuth
 * authorization-code grant (an approval page, then POST /oauth/access_token with HTTP basic client
 * credentials) and DELETE /tokens. Unknown or revoked tokens get Vimeo's 401 body. The app under test
 * talks to it through its production client; only VIMEO_API_URL differs.
 *
 * Test-only control routes live under /__fake/ (issue a token for a seeded user, revoke one).
 */

export type FakeVimeoUser = { id: string; name: string; account: string; hue: number };
export type FakeVimeoVideo = {
  id: string;
  ownerId: string;
  name: string;
  description: string | null;
  duration: number;
  view: 'anybody' | 'unlisted' | 'disable' | 'password' | 'nobody' | 'contacts' | 'users';
  status: 'available' | 'transcoding' | 'uploading' | 'transcode_starting';
  width: number;
  height: number;
  createdTime: string;
  hue: number;
};

export const FAKE_VIMEO_CLIENT = {
  clientId: 'fake-vimeo-client-id',
  clientSecret: 'fake-vimeo-client-secret',
};

/** The seeded account most tests link (a Pro account) and a second one (Basic) owning other films. */
export const FAKE_VIMEO_USERS: FakeVimeoUser[] = [
  { id: '1010', name: 'Mara Lindqvist', account: 'pro', hue: 265 },
  { id: '2020', name: 'Basil Ortega', account: 'basic', hue: 25 },
];

type Seed = Omit<FakeVimeoVideo, 'createdTime' | 'hue' | 'width' | 'height' | 'status' | 'ownerId'> &
  Partial<Pick<FakeVimeoVideo, 'status' | 'ownerId' | 'width' | 'height'>>;

const SEED: Seed[] = [
  {
    id: '760001',
    name: 'The Long Night',
    description: 'Festival cut. A lighthouse keeper waits out the longest night of the year.',
    duration: 5580,
    view: 'disable',
  },
  {
    id: '760002',
    name: 'Salt and Ash',
    description: 'Short documentary about the last salt makers of the northern coast.',
    duration: 1720,
    view: 'unlisted',
  },
  { id: '760003', name: 'Northern Lights (Trailer)', description: null, duration: 142, view: 'anybody' },
  {
    id: '760004',
    name: 'Rough Cut v3',
    description: 'Work in progress for the sales agent. Password on request.',
    duration: 6012,
    view: 'password',
  },
  {
    id: '760005',
    name: 'Harbour Lines',
    description: 'Three dockworkers, one winter.',
    duration: 2760,
    view: 'disable',
  },
  {
    id: '760006',
    name: 'A Quiet Field',
    description: 'Private draft, only for me.',
    duration: 905,
    view: 'nobody',
  },
  {
    id: '760007',
    name: "The Cartographer's Daughter",
    description: 'Feature. Premiered at a festival in spring.',
    duration: 6480,
    view: 'disable',
    width: 3840,
    height: 1600,
  },
  {
    id: '760008',
    name: "Director's Statement",
    description: 'Interview with the director about the making of The Long Night.',
    duration: 412,
    view: 'unlisted',
  },
  { id: '760009', name: 'Glass Rivers', description: 'Animated short.', duration: 3300, view: 'disable' },
  {
    id: '760010',
    name: 'Night Bus',
    description: 'A city seen from the last bus.',
    duration: 780,
    view: 'anybody',
  },
  {
    id: '760011',
    name: 'Ember',
    description: 'Still uploading to Vimeo.',
    duration: 0,
    view: 'disable',
    status: 'transcoding',
  },
  { id: '760012', name: 'Paper Moons', description: 'Feature documentary.', duration: 4980, view: 'disable' },
  {
    id: '760013',
    name: 'Saltwater Hymns',
    description: 'Choirs of fishing villages.',
    duration: 2220,
    view: 'disable',
  },
  {
    id: '880001',
    name: 'Someone Else’s Film',
    description: 'Public film of another Vimeo member.',
    duration: 600,
    view: 'anybody',
    ownerId: '2020',
  },
  {
    id: '880002',
    name: 'Another Member’s Hidden Cut',
    description: null,
    duration: 1200,
    view: 'disable',
    ownerId: '2020',
  },
];

function seedVideos(): FakeVimeoVideo[] {
  const start = Date.parse('2025-01-01T10:00:00Z');
  return SEED.map((s, i) => ({
    ownerId: '1010',
    status: 'available',
    width: 1920,
    height: 1080,
    ...s,
    // Later seeds are newer: "sort=date, direction=desc" lists them first.
    createdTime: new Date(start + i * 86_400_000).toISOString(),
    hue: (i * 47) % 360,
  }));
}

const THUMB_SIZES: Array<[number, number]> = [
  [100, 75],
  [200, 150],
  [295, 166],
  [640, 360],
  [1280, 720],
];

const escapeXml = (s: string) =>
  s.replace(
    /[<>&'"]/g,
    (c) => ({ '<': '&lt;', '>': '&gt;', '&': '&amp;', "'": '&apos;', '"': '&quot;' })[c]!,
  );

/**
 * Vimeo's thumbnails are JPEGs on i.vimeocdn.com; the fake's are small SVG data URIs (a gradient and the
 * title), which the app's CSP allows and which need no network.
 */
function thumbnail(title: string, hue: number, width: number, height: number) {
  const svg = `<svg xmlns="http://www.w3.org/2000/svg" width="${width}" height="${height}" viewBox="0 0 640 360"><defs><linearGradient id="g" x1="0" y1="0" x2="1" y2="1"><stop offset="0" stop-color="hsl(${hue},55%,32%)"/><stop offset="1" stop-color="hsl(${(hue + 50) % 360},60%,14%)"/></linearGradient></defs><rect width="640" height="360" fill="url(#g)"/><circle cx="540" cy="70" r="120" fill="hsl(${hue},70%,70%)" opacity=".12"/><text x="40" y="312" font-family="Georgia,serif" font-size="38" fill="#fff" opacity=".92">${escapeXml(title)}</text></svg>`;
  return `data:image/svg+xml;base64,${Buffer.from(svg).toString('base64')}`;
}

function picturesOf(title: string, hue: number, uri: string) {
  return {
    uri: `${uri}/pictures/1`,
    active: true,
    type: 'custom',
    base_link: thumbnail(title, hue, 640, 360),
    sizes: THUMB_SIZES.map(([width, height]) => ({
      width,
      height,
      link: thumbnail(title, hue, width, height),
      link_with_play_button: thumbnail(title, hue, width, height),
    })),
    resource_key: randomBytes(20).toString('hex'),
    default_picture: false,
  };
}

const vimeoError = (error: string, developerMessage: string, errorCode: number) => ({
  error,
  link: null,
  developer_message: developerMessage,
  error_code: errorCode,
});

/** Copies only the requested `fields` (Vimeo's dotted paths; arrays are mapped element by element). */
export function pickFields(value: unknown, fields: string[]): unknown {
  if (fields.length === 0 || value === null || typeof value !== 'object') return value;
  if (Array.isArray(value)) return value.map((v) => pickFields(v, fields));
  const groups = new Map<string, string[]>();
  for (const field of fields) {
    const [head, ...rest] = field.split('.');
    if (!head) continue;
    const list = groups.get(head) ?? [];
    if (rest.length > 0) list.push(rest.join('.'));
    else list.push('');
    groups.set(head, list);
  }
  const source = value as Record<string, unknown>;
  const out: Record<string, unknown> = {};
  for (const [head, subs] of groups) {
    if (!(head in source)) continue;
    out[head] = subs.includes('') ? source[head] : pickFields(source[head], subs);
  }
  return out;
}

export type RecordedRequest = {
  method: string;
  path: string;
  query: Record<string, string>;
  headers: http.IncomingHttpHeaders;
  body: string;
};

type TokenInfo = { userId: string; scope: string; revoked: boolean };
type CodeInfo = { userId: string; clientId: string; redirectUri: string; scope: string; expiresAt: number };

export async function startVimeoFake(
  options: { port?: number; client?: { clientId: string; clientSecret: string } } = {},
) {
  const client = options.client ?? FAKE_VIMEO_CLIENT;
  const users = new Map(FAKE_VIMEO_USERS.map((u) => [u.id, u]));
  const videos = seedVideos();
  const tokens = new Map<string, TokenInfo>();
  const codes = new Map<string, CodeInfo>();
  const requests: RecordedRequest[] = [];
  const failures: Array<{ method: string; path: string; status: number; times: number }> = [];
  let baseUrl = '';

  const userJson = (u: FakeVimeoUser) => ({
    uri: `/users/${u.id}`,
    name: u.name,
    link: `https://vimeo.com/user${u.id}`,
    location: 'Stockholm, Sweden',
    bio: null,
    short_bio: null,
    created_time: '2019-05-04T09:12:00+00:00',
    account: u.account,
    pictures: picturesOf(u.name.slice(0, 1), u.hue, `/users/${u.id}`),
    websites: [],
    metadata: { connections: { videos: { uri: `/users/${u.id}/videos`, total: 0 } } },
    resource_key: randomBytes(20).toString('hex'),
  });

  const videoJson = (v: FakeVimeoVideo) => {
    const owner = users.get(v.ownerId)!;
    // As on Vimeo: a hidden film's hash is its own and stable, and only hidden films' URLs carry it.
    const hash = createHash('sha1').update(`privacy:${v.id}`).digest('hex').slice(0, 10);
    const player = `https://player.vimeo.com/video/${v.id}${v.view === 'unlisted' ? `?h=${hash}` : ''}`;
    const uri = `/videos/${v.id}`;
    return {
      uri,
      name: v.name,
      description: v.description,
      type: 'video',
      link: v.view === 'unlisted' ? `https://vimeo.com/${v.id}/${hash}` : `https://vimeo.com/${v.id}`,
      player_embed_url: player,
      duration: v.duration,
      width: v.width,
      height: v.height,
      language: null,
      embed: { html: `<iframe src="${player}"></iframe>` },
      created_time: v.createdTime,
      modified_time: v.createdTime,
      release_time: v.createdTime,
      content_rating: ['unrated'],
      license: null,
      privacy: { view: v.view, embed: 'public', download: false, add: true, comments: 'anybody' },
      pictures: picturesOf(v.name, v.hue, uri),
      tags: [],
      stats: { plays: 12 },
      user: { uri: `/users/${owner.id}`, name: owner.name, link: `https://vimeo.com/user${owner.id}` },
      status: v.status,
      is_playable: v.status === 'available',
      upload: { status: v.status === 'available' ? 'complete' : 'in_progress' },
      transcode: { status: v.status === 'available' ? 'complete' : 'in_progress' },
      resource_key: randomBytes(20).toString('hex'),
    };
  };

  const issueToken = (userId = '1010', scope = 'public private video_files') => {
    if (!users.has(userId)) throw new Error(`No fake Vimeo user ${userId}`);
    const token = randomBytes(16).toString('hex');
    tokens.set(token, { userId, scope, revoked: false });
    return token;
  };

  function send(
    res: http.ServerResponse,
    status: number,
    body?: unknown,
    headers: http.OutgoingHttpHeaders = {},
  ) {
    if (body === undefined) {
      res.writeHead(status, headers).end();
      return;
    }
    const text = JSON.stringify(body);
    res
      .writeHead(status, {
        'content-type': 'application/vnd.vimeo.*+json;version=3.4; charset=utf-8',
        ...headers,
      })
      .end(text);
  }

  function authenticate(req: http.IncomingMessage, res: http.ServerResponse) {
    const match = /^bearer\s+(\S+)$/i.exec(req.headers.authorization ?? '');
    if (!match) {
      send(
        res,
        401,
        vimeoError(
          'You must provide a valid authenticated access token.',
          'No access token was provided: send it as "Authorization: bearer {token}".',
          8000,
        ),
      );
      return null;
    }
    const info = tokens.get(match[1]!);
    if (!info || info.revoked) {
      send(
        res,
        401,
        vimeoError(
          'You must provide a valid authenticated access token.',
          'The access token is invalid or has been revoked.',
          8003,
        ),
      );
      return null;
    }
    return { token: match[1]!, ...info, user: users.get(info.userId)! };
  }

  function listVideos(res: http.ServerResponse, url: URL, userId: string, fields: string[]) {
    const page = Number(url.searchParams.get('page') ?? '1');
    const perPage = Number(url.searchParams.get('per_page') ?? '25');
    if (!Number.isInteger(page) || page < 1) {
      return send(
        res,
        400,
        vimeoError('Invalid page.', 'The parameter "page" must be a positive integer.', 2204),
      );
    }
    if (!Number.isInteger(perPage) || perPage < 1 || perPage > 100) {
      return send(
        res,
        400,
        vimeoError('Invalid per_page.', 'The parameter "per_page" must be between 1 and 100.', 2204),
      );
    }
    const query = (url.searchParams.get('query') ?? '').trim().toLowerCase();
    const sort = url.searchParams.get('sort') ?? 'date';
    const direction = url.searchParams.get('direction') ?? (sort === 'alphabetical' ? 'asc' : 'desc');
    const own = videos.filter(
      (v) =>
        v.ownerId === userId &&
        (!query ||
          v.name.toLowerCase().includes(query) ||
          (v.description ?? '').toLowerCase().includes(query)),
    );
    const key = (v: FakeVimeoVideo) =>
      sort === 'alphabetical' ? v.name.toLowerCase() : sort === 'duration' ? v.duration : v.createdTime;
    own.sort((a, b) => {
      const [x, y] = [key(a), key(b)];
      const order = x < y ? -1 : x > y ? 1 : 0;
      return direction === 'asc' ? order : -order;
    });
    const total = own.length;
    const last = Math.max(1, Math.ceil(total / perPage));
    const link = (p: number) => {
      const params = new URLSearchParams(url.searchParams);
      params.set('page', String(p));
      return `/me/videos?${params.toString()}`;
    };
    const data = own.slice((page - 1) * perPage, page * perPage).map(videoJson);
    send(res, 200, {
      total,
      page,
      per_page: perPage,
      paging: {
        next: page < last ? link(page + 1) : null,
        previous: page > 1 ? link(page - 1) : null,
        first: link(1),
        last: link(last),
      },
      data: pickFields(data, fields),
    });
  }

  async function readBody(req: http.IncomingMessage) {
    const chunks: Buffer[] = [];
    for await (const chunk of req) chunks.push(chunk as Buffer);
    return Buffer.concat(chunks).toString('utf8');
  }

  function parseForm(req: http.IncomingMessage, body: string): Record<string, string> {
    if (!body) return {};
    if ((req.headers['content-type'] ?? '').includes('json')) {
      try {
        return JSON.parse(body) as Record<string, string>;
      } catch {
        return {};
      }
    }
    return Object.fromEntries(new URLSearchParams(body));
  }

  function approvalPage(url: URL) {
    const user = users.get('1010')!;
    const allow = new URL(`${baseUrl}/oauth/authorize/decision`);
    for (const [k, v] of url.searchParams) allow.searchParams.set(k, v);
    const deny = new URL(allow);
    allow.searchParams.set('decision', 'allow');
    deny.searchParams.set('decision', 'deny');
    const scopes = (url.searchParams.get('scope') ?? 'public').split(/\s+/).filter(Boolean);
    return `<!doctype html><html lang="en"><head><meta charset="utf-8"><title>Authorize an app · Vimeo (fake)</title>
<style>body{font-family:system-ui,sans-serif;background:#f4f6f8;color:#1a2e3b;display:grid;place-items:center;min-height:100vh;margin:0}
main{background:#fff;border-radius:12px;padding:32px;max-width:420px;box-shadow:0 4px 24px rgba(0,0,0,.08)}
a.button{display:inline-block;padding:10px 20px;border-radius:6px;text-decoration:none;margin-right:8px}
.allow{background:#17d5ff;color:#0e1b24;font-weight:600}.deny{background:#e3e8ed;color:#1a2e3b}</style></head>
<body><main><h1>Allow Screenroom to access your Vimeo account?</h1>
<p>Signed in as <strong>${escapeXml(user.name)}</strong>.</p>
<p>Requested scopes: ${scopes.map((s) => `<code>${escapeXml(s)}</code>`).join(', ')}</p>
<p><a class="button allow" href="${escapeXml(allow.toString())}">Allow</a><a class="button deny" href="${escapeXml(deny.toString())}">Cancel</a></p>
</main></body></html>`;
  }

  async function handle(req: http.IncomingMessage, res: http.ServerResponse) {
    const url = new URL(req.url ?? '/', 'http://fake.vimeo');
    const body = await readBody(req);
    const method = req.method ?? 'GET';
    const path = url.pathname.replace(/\/+$/, '') || '/';
    requests.push({ method, path, query: Object.fromEntries(url.searchParams), headers: req.headers, body });

    const failure = failures.find((f) => f.method === method && path.startsWith(f.path) && f.times > 0);
    if (failure) {
      failure.times -= 1;
      return send(res, failure.status, vimeoError('Something strange occurred.', 'Injected failure', 9000));
    }
    const fields = (url.searchParams.get('fields') ?? '')
      .split(',')
      .map((f) => f.trim())
      .filter(Boolean);

    // Test control.
    if (method === 'POST' && path === '/__fake/tokens') {
      const input = parseForm(req, body);
      return send(res, 201, { token: issueToken(input.user ?? '1010', input.scope) });
    }
    if (method === 'POST' && path === '/__fake/revoke') {
      const info = tokens.get(parseForm(req, body).token ?? '');
      if (info) info.revoked = true;
      return send(res, 204);
    }

    // OAuth: the approval page (a signed-in Vimeo member), its decision, and the token exchange.
    if (method === 'GET' && path === '/oauth/authorize') {
      const clientId = url.searchParams.get('client_id');
      const redirect = url.searchParams.get('redirect_uri');
      if (url.searchParams.get('response_type') !== 'code' || clientId !== client.clientId || !redirect) {
        res.writeHead(400, { 'content-type': 'text/html' }).end('<h1>Invalid authorization request</h1>');
        return;
      }
      res.writeHead(200, { 'content-type': 'text/html; charset=utf-8' }).end(approvalPage(url));
      return;
    }
    if (method === 'GET' && path === '/oauth/authorize/decision') {
      const redirect = new URL(url.searchParams.get('redirect_uri') ?? '');
      const state = url.searchParams.get('state');
      if (url.searchParams.get('decision') === 'allow') {
        const code = randomBytes(20).toString('hex');
        codes.set(code, {
          userId: '1010',
          clientId: url.searchParams.get('client_id') ?? '',
          redirectUri: url.searchParams.get('redirect_uri') ?? '',
          scope: url.searchParams.get('scope') ?? 'public',
          expiresAt: Date.now() + 10 * 60_000,
        });
        redirect.searchParams.set('code', code);
      } else {
        redirect.searchParams.set('error', 'access_denied');
        redirect.searchParams.set('error_description', 'The user denied the request.');
      }
      if (state !== null) redirect.searchParams.set('state', state);
      res.writeHead(302, { location: redirect.toString() }).end();
      return;
    }
    if (method === 'POST' && path === '/oauth/access_token') {
      const basic = /^basic\s+(\S+)$/i.exec(req.headers.authorization ?? '');
      const [id, secret] = basic ? Buffer.from(basic[1]!, 'base64').toString('utf8').split(':') : [];
      if (id !== client.clientId || secret !== client.clientSecret) {
        return send(res, 401, {
          error: 'invalid_client',
          error_description: 'The client credentials are invalid.',
        });
      }
      const form = parseForm(req, body);
      if (form.grant_type !== 'authorization_code') {
        return send(res, 400, {
          error: 'unsupported_grant_type',
          error_description: 'Only authorization_code is supported here.',
        });
      }
      const info = codes.get(form.code ?? '');
      codes.delete(form.code ?? '');
      if (!info || info.expiresAt < Date.now() || info.clientId !== id) {
        return send(res, 400, {
          error: 'invalid_grant',
          error_description: 'The authorization code is invalid or has expired.',
        });
      }
      if (info.redirectUri !== form.redirect_uri) {
        return send(res, 400, {
          error: 'invalid_grant',
          error_description: 'The redirect_uri does not match the one used to authorize.',
        });
      }
      const token = issueToken(info.userId, info.scope);
      return send(res, 200, {
        access_token: token,
        token_type: 'bearer',
        scope: info.scope,
        app: { name: 'Screenroom', uri: '/apps/424242' },
        user: userJson(users.get(info.userId)!),
      });
    }

    const auth = authenticate(req, res);
    if (!auth) return;

    if (method === 'DELETE' && path === '/tokens') {
      tokens.get(auth.token)!.revoked = true;
      return send(res, 204);
    }
    if (method === 'GET' && path === '/me') return send(res, 200, pickFields(userJson(auth.user), fields));
    if (method === 'GET' && path === '/me/videos') return listVideos(res, url, auth.userId, fields);
    const videoMatch = /^\/videos\/(\d+)$/.exec(path);
    if (method === 'GET' && videoMatch) {
      const video = videos.find((v) => v.id === videoMatch[1]);
      // Vimeo shows anyone's public videos; others only to their owner.
      if (!video || (video.ownerId !== auth.userId && video.view !== 'anybody')) {
        return send(
          res,
          404,
          vimeoError(
            "The requested video couldn't be found.",
            'The requested video could not be found.',
            5000,
          ),
        );
      }
      return send(res, 200, pickFields(videoJson(video), fields));
    }
    return send(
      res,
      404,
      vimeoError('The requested page could not be found.', `No such endpoint: ${method} ${path}`, 404),
    );
  }

  const server = http.createServer((req, res) => {
    handle(req, res).catch((error: Error) => {
      if (!res.headersSent) send(res, 500, vimeoError('Something strange occurred.', error.message, 9000));
    });
  });
  await new Promise<void>((resolve) => server.listen(options.port ?? 0, '127.0.0.1', resolve));
  const port = (server.address() as AddressInfo).port;
  baseUrl = `http://127.0.0.1:${port}`;

  return {
    url: baseUrl,
    port,
    client,
    users,
    videos,
    requests,
    /** A valid token for a seeded user (default: the Pro account), as a personal access token would be. */
    issueToken,
    /** The presenter revokes the token on vimeo.com (Screenroom is not told). */
    revokeToken(token: string) {
      const info = tokens.get(token);
      if (info) info.revoked = true;
    },
    isTokenValid: (token: string) => tokens.get(token)?.revoked === false,
    /** The next `times` requests whose method and path prefix match answer `status` (a Vimeo outage). */
    failNext(method: string, path: string, status: number, times = 1) {
      failures.push({ method, path, status, times });
    },
    /** Approves an OAuth request as the signed-in member would, returning Vimeo's redirect. */
    async approve(authorizeUrl: string, decision: 'allow' | 'deny' = 'allow') {
      const url = new URL(authorizeUrl);
      const decisionUrl = new URL(`${baseUrl}/oauth/authorize/decision`);
      for (const [k, v] of url.searchParams) decisionUrl.searchParams.set(k, v);
      decisionUrl.searchParams.set('decision', decision);
      const page = await fetch(authorizeUrl);
      if (!page.ok) throw new Error(`The approval page answered ${page.status}`);
      const answer = await fetch(decisionUrl, { redirect: 'manual' });
      return new URL(answer.headers.get('location')!);
    },
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}

export type VimeoFake = Awaited<ReturnType<typeof startVimeoFake>>;
