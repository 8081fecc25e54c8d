import { LINK_NOT_FOUND_MESSAGE } from '@screenroom/shared/access-refusals';
import { MESSAGES } from '@screenroom/shared/messages';
import { MAX_EVENTS_PER_BATCH, MAX_EVENTS_PER_SESSION } from '@screenroom/shared/watch-events';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { createFilm, createFilmBeingProcessed, createPlayableFilm } from '../../../test/fixtures';
import { createTestApp, type TestApp } from '../../../test/helpers';
import { logs } from '../../db/schema/logs';
import { anonymousLinks } from '../../db/schema/sharing';
import { trackingLinks } from '../../db/schema/tracking-links';
import { videos } from '../../db/schema/videos';
import { watchSessions } from '../../db/schema/watch';
import { encryptSegment } from '../../media/hls-encrypt';
import { EVENTS_BURST, EVENTS_PER_SECOND } from './event-budget';

let t: TestApp;
/** Believes X-Forwarded-For, as behind a configured proxy. */
let proxied: TestApp;
beforeAll(async () => {
  [t, proxied] = await Promise.all([createTestApp(), createTestApp({ TRUST_PROXY: 'true' })]);
});
afterAll(async () => {
  await Promise.all([t.close(), proxied.close()]);
});

type Me = Awaited<ReturnType<TestApp['signUp']>>;
const tokenOf = (url: string) => url.split('/watch/')[1]!;

async function linkFor(app: TestApp, me: Me, videoId: string, body: object = {}) {
  const res = await app.app.inject({
    method: 'POST',
    url: '/v1/screeners',
    headers: me.headers,
    payload: { video_id: videoId, ...body },
  });
  expect(res.statusCode).toBe(201);
  const link = res.json().screener;
  return { id: link.id as string, token: tokenOf(link.access_url) };
}

const open = (app: TestApp, token: string, headers: Record<string, string> = {}) =>
  app.app.inject({ method: 'POST', url: `/v1/watch/links/${token}/sessions`, headers });

async function setup(app: TestApp = t, linkBody: object = {}) {
  const me = await app.signUp();
  const { video, keys, plainSegments } = await createPlayableFilm(app, me.id);
  const link = await linkFor(app, me, video.id, linkBody);
  return { me, video, keys, plainSegments, link };
}

describe('opening a link: the access checks, in order', () => {
  it('opens a session with a playback token and the film’s public details', async () => {
    const { link, video } = await setup();
    const res = await open(t, link.token, {
      'user-agent':
        'Mozilla/5.0 (iPhone; CPU iPhone OS 17_0 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.0 Mobile/15E148 Safari/604.1',
    });
    expect(res.statusCode).toBe(200);
    const body = res.json();
    expect(body).toMatchObject({
      expiresIn: 45,
      heartbeatSeconds: 15,
      preview: false,
      personal: true,
      watermark: null,
      resumeAt: null,
      viewings: null, // no usage limit
      ownerViewing: false,
      video: {
        id: video.id,
        title: 'Night Train',
        player: 'hls',
        theme: 'dark',
        presented_by: 'Pat Presenter',
      },
    });
    const [session] = await t.db.select().from(watchSessions).where(eq(watchSessions.id, body.sessionId));
    expect(session).toMatchObject({
      deviceType: 'mobile',
      browser: 'Safari 17',
      os: 'iOS',
      isPreview: false,
    });
    expect(session!.secretHash).not.toBe(body.sessionSecret);
    const [row] = await t.db.select().from(trackingLinks).where(eq(trackingLinks.id, link.id));
    expect(row).toMatchObject({ sessionsCount: 1, lastDevice: 'mobile', lastBrowser: 'Safari 17' });
  });

  it('logs an address trying made-up links once a minute, however many it tries', async () => {
    for (let i = 0; i < 10; i++) {
      const res = await t.app.inject({
        method: 'POST',
        url: `/v1/watch/links/made-up-link-${i}-0123456789/sessions`,
        remoteAddress: '198.51.100.77',
      });
      expect(res.statusCode).toBe(404);
    }
    const entries = await t.db.select().from(logs).where(eq(logs.ipAddress, '198.51.100.77'));
    expect(entries.map((e) => e.message)).toEqual(['Watch link refused: no link has this address']);
  });

  it('logs a viewer waiting for a film still being encoded once, as news rather than a warning', async () => {
    const me = await t.signUp();
    const { video } = await createPlayableFilm(t, me.id);
    const link = await linkFor(t, me, video.id, { viewer_name: 'Rita Early' });
    await t.db.update(videos).set({ status: 'encoding-in-progress' }).where(eq(videos.id, video.id));
    // The "Almost ready" page asks again every 15 seconds until the film plays.
    for (let i = 0; i < 4; i++) expect((await open(t, link.token)).statusCode).toBe(409);
    const entries = await t.db.select().from(logs).where(eq(logs.videoId, video.id));
    const waits = entries.filter((e) => e.type === 'access');
    expect(waits.map((e) => [e.level, e.message])).toEqual([
      [
        'info',
        'Watch link of Rita Early opened before the film was ready: the page opens it by itself once it is',
      ],
    ]);
  });

  it('refuses each failing check with its reason, the first failing one winning', async () => {
    const expectRefusal = async (token: string, status: number, reason: string) => {
      const res = await open(t, token);
      expect(res.json().reason, res.body).toBe(reason);
      expect(res.statusCode).toBe(status);
    };
    await expectRefusal('no-such-token-0123456789', 404, 'not_found');

    // Revoked and ended: revoked comes first.
    const a = await setup();
    await t.db
      .update(trackingLinks)
      .set({ status: 'revoked', endsAt: new Date(Date.now() - 1000) })
      .where(eq(trackingLinks.id, a.link.id));
    await expectRefusal(a.link.token, 403, 'revoked');
    // A withdrawn link (often withdrawn for leaking) and an unknown one say nothing of the film.
    expect((await open(t, a.link.token)).json()).not.toHaveProperty('film');
    expect((await open(t, 'no-such-token-0123456789')).json()).not.toHaveProperty('film');
    // A link cut short when copied is a link not found, not a validation error.
    const cut = await open(t, a.link.token.slice(0, 8));
    expect(cut.statusCode).toBe(404);
    expect(cut.json()).toMatchObject({ reason: 'not_found', message: LINK_NOT_FOUND_MESSAGE });
    await t.db.update(trackingLinks).set({ status: 'active' }).where(eq(trackingLinks.id, a.link.id));
    const ended = await open(t, a.link.token);
    expect(ended.json()).toMatchObject({
      reason: 'ended',
      message: expect.stringMatching(/^This link ended on \d{1,2} \w+ \d{4} at \d{2}:\d{2} UTC\.$/),
      // The exact moment too, so the viewer's page says it in the viewer's own time.
      ends_at: expect.stringMatching(/^\d{4}-\d{2}-\d{2}T/),
    });

    // Limit reached and geo blocked: the limit comes first; blocked and processing: geo comes first.
    const b = await setup(t, { usage_limit: 1, geo_restriction: { type: 'allow', countries: ['FR'] } });
    await t.db.update(trackingLinks).set({ sessionsCount: 1 }).where(eq(trackingLinks.id, b.link.id));
    await expectRefusal(b.link.token, 403, 'limit_reached');
    // A link that has done its work says which film it was for, who shared it, and in the film's look.
    await t.db.update(videos).set({ theme: 'light' }).where(eq(videos.id, b.video.id));
    expect((await open(t, b.link.token)).json().film).toEqual({
      title: 'Night Train',
      presented_by: 'Pat Presenter',
      theme: 'light',
      logo: null,
    });
    await t.db.update(trackingLinks).set({ sessionsCount: 0 }).where(eq(trackingLinks.id, b.link.id));
    await t.db.update(videos).set({ status: 'encoding-in-progress' }).where(eq(videos.id, b.video.id));
    await expectRefusal(b.link.token, 403, 'geo_blocked');
    await t.db
      .update(trackingLinks)
      .set({ geoRestrictionType: 'none' })
      .where(eq(trackingLinks.id, b.link.id));
    await expectRefusal(b.link.token, 409, 'processing');
    // The viewer's page looks again by itself: the words do not send them away to try later.
    expect((await open(t, b.link.token)).json().message).toBe(
      'This film is still being prepared. It should be ready in a few minutes.',
    );
    // None of these refusals used up the viewing limit.
    const [row] = await t.db.select().from(trackingLinks).where(eq(trackingLinks.id, b.link.id));
    expect(row!.sessionsCount).toBe(0);
  });

  it('brands a refusal that names the film as its page is branded, and no other', async () => {
    const { me, link, video } = await setup(t, { usage_limit: 1 });
    await t.db
      .update(videos)
      .set({ theme: 'light', logoKey: `logos/${video.id}/studio.png`, enableLogo: true })
      .where(eq(videos.id, video.id));
    // The screener page's own logo address, as the session that used up the limit was shown it.
    const opened = await open(t, link.token);
    expect(opened.statusCode).toBe(200);
    const logo = opened.json().video.logo as string;
    expect(logo).toMatch(/\/v1\/media\/logos\/.+\?sig=[0-9a-f]{32}&exp=\d+$/);

    const full = await open(t, link.token);
    expect(full.json()).toMatchObject({ reason: 'limit_reached', film: { theme: 'light', logo } });
    // The presenter turned the logo off for this film: the refusal shows none either.
    await t.db.update(videos).set({ enableLogo: false }).where(eq(videos.id, video.id));
    expect((await open(t, link.token)).json().film).toEqual({
      title: 'Night Train',
      presented_by: 'Pat Presenter',
      theme: 'light',
      logo: null,
    });
    const another = await linkFor(t, me, video.id);
    expect((await open(t, another.token)).json().video).toMatchObject({ theme: 'light', logo: null });
    // A withdrawn link and an unknown token tell nothing of the film, its look included.
    await t.db.update(videos).set({ enableLogo: true }).where(eq(videos.id, video.id));
    await t.db.update(trackingLinks).set({ status: 'revoked' }).where(eq(trackingLinks.id, link.id));
    const withdrawn = (await open(t, link.token)).json();
    expect(withdrawn.reason).toBe('revoked');
    expect(withdrawn).not.toHaveProperty('film');
    expect(JSON.stringify(withdrawn)).not.toContain('/v1/media/');
    const unknown = (await open(t, 'no-such-token-0123456789')).json();
    expect(unknown).not.toHaveProperty('film');
  });

  it('refuses the viewers of a disabled anonymous link', async () => {
    const me = await t.signUp();
    const { video } = await createPlayableFilm(t, me.id);
    const created = await t.app.inject({
      method: 'POST',
      url: `/v1/videos/${video.id}/createMagicLink`,
      headers: me.headers,
      payload: {},
    });
    const code = created.json().magicLink.code;
    const opened = await t.app.inject({
      method: 'POST',
      url: '/v1/videos/createScreenerUsingMagicCode',
      payload: { code, deviceId: 'device-0123456789abcdef' },
    });
    const viewerToken = opened.json().token;
    const session = await open(t, viewerToken);
    expect(session.statusCode).toBe(200);
    // A link shared with many is not called "yours alone" on the page.
    expect(session.json().personal).toBe(false);
    await t.db.update(anonymousLinks).set({ status: 'disabled' }).where(eq(anonymousLinks.code, code));
    expect((await open(t, viewerToken)).json().reason).toBe('disabled');
  });

  it('lets exactly as many sessions in as the limit allows, however many arrive at once', async () => {
    const { link } = await setup(t, { usage_limit: 5 });
    const results = await Promise.all(Array.from({ length: 50 }, () => open(t, link.token)));
    expect(results.filter((r) => r.statusCode === 200)).toHaveLength(5);
    expect(
      results.filter((r) => r.statusCode === 403).every((r) => r.json().reason === 'limit_reached'),
    ).toBe(true);
    expect(await t.db.$count(watchSessions, eq(watchSessions.trackingLinkId, link.id))).toBe(5);
  });

  it('counts no session for a link revoked between its checks and its counting', async () => {
    const { link, me } = await setup();
    const [active] = await t.db.select().from(trackingLinks).where(eq(trackingLinks.id, link.id));
    const revoked = await t.app.inject({
      method: 'POST',
      url: `/v1/screeners/${link.id}/updateStatus`,
      headers: me.headers,
      payload: { status: 'revoked' },
    });
    expect(revoked.statusCode).toBe(200);
    // The opening read the link while it was still active.
    const findByToken = vi.spyOn(t.container.trackingLinks, 'findByToken').mockResolvedValueOnce(active);
    try {
      const late = await open(t, link.token);
      expect(late.statusCode).toBe(403);
      expect(late.json().reason).toBe('revoked');
    } finally {
      findByToken.mockRestore();
    }
    expect(await t.db.$count(watchSessions, eq(watchSessions.trackingLinkId, link.id))).toBe(0);
  });

  it('reads the country from X-Forwarded-For only behind a trusted proxy', async () => {
    const allowGb = { viewer_name: 'Sarah Lin', geo_restriction: { type: 'allow', countries: ['GB'] } };
    const blockUs = { geo_restriction: { type: 'block', countries: ['US'] } };
    const gb = { 'x-forwarded-for': '81.2.69.142' };
    const us = { 'x-forwarded-for': '8.8.8.8' };
    const p = await setup(proxied, allowGb);
    const fromUs = (await open(proxied, p.link.token, us)).json();
    expect(fromUs.reason).toBe('geo_blocked');
    // The viewer reads where we placed them (a VPN, a trip), not the page's title again.
    expect(fromUs.message).toBe(
      'This film is not shown in the United States, where your connection comes from.',
    );
    expect((await open(proxied, p.link.token, gb)).statusCode).toBe(200);
    const b = await setup(proxied, blockUs);
    expect((await open(proxied, b.link.token, us)).json().reason).toBe('geo_blocked');
    expect((await open(proxied, b.link.token, gb)).statusCode).toBe(200);
    // The presenter's log says who was refused, from where, and what the link allows.
    const refusals = async (presenterId: string) =>
      (
        await proxied.db
          .select({ message: logs.message })
          .from(logs)
          .where(and(eq(logs.userId, presenterId), eq(logs.type, 'access')))
      ).map((l) => l.message);
    expect(await refusals(p.me.id)).toEqual([
      'Watch link of Sarah Lin refused: opened from the United States, and the link is only for the United Kingdom',
    ]);
    expect(await refusals(b.me.id)).toEqual([
      'Watch link of Unnamed viewer refused: opened from the United States, which the link excludes',
    ]);
    // Without a trusted proxy the header is ignored: the loopback address has no country.
    const direct = await setup(t, allowGb);
    const unplaced = (await open(t, direct.link.token, gb)).json();
    expect(unplaced.reason).toBe('geo_blocked');
    expect(unplaced.message).toBe(
      'This film is shown only in some countries, and we cannot tell where your connection comes from.',
    );
  });

  it('lets the owner preview without limits and without counting', async () => {
    const me = await t.signUp();
    const { video } = await createPlayableFilm(t, me.id);
    const preview = await t.app.inject({
      method: 'POST',
      url: `/v1/screeners/${video.id}/getPreviewAccessUrl`,
      headers: me.headers,
    });
    const token = tokenOf(preview.json().url);
    const res = await open(t, token, me.headers);
    expect(res.json().preview).toBe(true);
    const [row] = await t.db.select().from(trackingLinks).where(eq(trackingLinks.generatedBy, 'preview'));
    expect(row!.sessionsCount).toBe(0);
    // Its address, passed on, opens for no one else: not without a sign-in, not for another presenter.
    const someoneElse = await t.signUp();
    for (const headers of [{}, someoneElse.headers, { authorization: 'Bearer not-a-token' }]) {
      const refused = await open(t, token, headers);
      expect(refused.statusCode).toBe(403);
      expect(refused.json().reason).toBe('preview_only');
      // Shown as it is on the viewer's page, in the page's typographic apostrophes.
      expect(refused.json().message).toBe(
        'This is the presenter’s own preview: it opens only where they are signed in to Screenroom.',
      );
      expect(refused.json()).not.toHaveProperty('film'); // not theirs to know
    }
  });

  it('ends the preview when the presenter signs out of the browser that opened it', async () => {
    const me = await t.signUp();
    const { video, keys } = await createPlayableFilm(t, me.id);
    const preview = await t.app.inject({
      method: 'POST',
      url: `/v1/screeners/${video.id}/getPreviewAccessUrl`,
      headers: me.headers,
    });
    const { sessionId, sessionSecret, playbackToken } = (
      await open(t, tokenOf(preview.json().url), me.headers)
    ).json();
    const beat = () =>
      t.app.inject({
        method: 'POST',
        url: `/v1/watch/sessions/${sessionId}/heartbeat`,
        payload: { secret: sessionSecret },
      });
    const key = () =>
      t.app.inject({
        method: 'GET',
        url: `/v1/watch/sessions/${sessionId}/keys/${keys[0]!.keyId}?token=${playbackToken}`,
      });
    let seq = 0;
    const report = () =>
      t.app.inject({
        method: 'POST',
        url: `/v1/watch/sessions/${sessionId}/events?token=${playbackToken}`,
        payload: { events: [{ seq: seq++, type: 'click', at: Date.now(), position: 1, data: {} }] },
      });
    expect((await beat()).statusCode).toBe(200);
    expect((await key()).statusCode).toBe(200);
    expect((await report()).json()).toEqual({ accepted: 1, duplicates: 0 });

    expect(
      (await t.app.inject({ method: 'POST', url: '/v1/auth/logout', headers: me.headers })).statusCode,
    ).toBe(200);
    // Its playback token has not lapsed: only the ended sign-in refuses these, reports included.
    for (const refused of [await beat(), await key(), await report()]) {
      expect(refused.statusCode).toBe(403);
      expect(refused.json().reason).toBe('preview_only');
    }
  });

  it('shows a moving watermark for a Professional presenter who turned it on', async () => {
    const { me, video, link } = await setup(t, { viewer_email: 'lea@festival.org' });
    await t.container.videosRepository.update(video.id, { enableWatermark: true, watermark: 'Confidential' });
    expect((await open(t, link.token)).json().watermark).toBeNull();
    await t.container.presenters.patch(me.id, { ruleSet: 'PROFESSIONAL' });
    const { watermark, sessionId } = (await open(t, link.token)).json();
    expect(watermark).toEqual({
      type: 'text',
      text: `lea@festival.org · ${sessionId.slice(0, 6).toUpperCase()} · Confidential`,
      image: null,
    });
  });
});

describe('playback: playlists, segments and keys', () => {
  it('goes on with the plain streams a player loaded before encryption completed, decrypted for it', async () => {
    const { link, plainSegments, video } = await setup();
    const { sessionId, playbackToken } = (await open(t, link.token)).json();
    // Encryption completes after the session opened.
    await t.container.videosRepository.update(video.id, { encryptedAt: new Date() });
    const base = `/v1/watch/sessions/${sessionId}`;
    const get = (url: string) => t.app.inject({ method: 'GET', url: `${base}/${url}` });
    const master = await get(`master.m3u8?token=${playbackToken}&stream=plain`);
    expect(master.body).toContain(`renditions/360p/index.m3u8?token=${playbackToken}&stream=plain`);
    const media = await get(`renditions/360p/index.m3u8?token=${playbackToken}&stream=plain`);
    expect(media.statusCode).toBe(200);
    expect(media.body).not.toContain('#EXT-X-KEY');
    expect(media.body).toContain(`../../segments/360p/seg_00001.ts?token=${playbackToken}&stream=plain`);
    for (const [index, plain] of plainSegments.entries()) {
      const segment = await get(`segments/360p/seg_0000${index}.ts?token=${playbackToken}&stream=plain`);
      expect(segment.statusCode).toBe(200);
      expect(segment.headers['cache-control']).toBe('private, no-store');
      expect(segment.rawPayload.equals(plain)).toBe(true);
    }
    // Only for a live session, as its keys are.
    expect((await get('segments/360p/seg_00000.ts?stream=plain')).statusCode).toBe(401);
    expect((await get(`segments/360p/seg_00009.ts?token=${playbackToken}&stream=plain`)).statusCode).toBe(
      404,
    );
    const madeUp = await get(`master.m3u8?token=${playbackToken}&stream=clear`);
    expect(madeUp.statusCode).toBe(400);

    // A session opened after encryption completed gets the encrypted streams only.
    const later = (await open(t, link.token)).json();
    const laterBase = `/v1/watch/sessions/${later.sessionId}`;
    for (const path of ['master.m3u8', 'renditions/360p/index.m3u8', 'segments/360p/seg_00000.ts']) {
      const refused = await t.app.inject({
        method: 'GET',
        url: `${laterBase}/${path}?token=${later.playbackToken}&stream=plain`,
      });
      expect(refused.statusCode, path).toBe(404);
      expect(refused.json().message).toBe('This film is encrypted now: reload the page to go on watching.');
    }
  });

  it('lets no cache keep a film’s plain streams, and only the viewer’s browser its encrypted segments', async () => {
    const me = await t.signUp();
    const { video, keys } = await createFilmBeingProcessed(t, me.id);
    const link = await linkFor(t, me, video.id);
    const { sessionId, playbackToken } = (await open(t, link.token)).json();
    const preview = await t.app.inject({
      method: 'POST',
      url: '/v1/videos/getHlsUrl',
      headers: me.headers,
      payload: { videoId: video.id },
    });
    const previewToken = new URL(preview.json().url).searchParams.get('token');
    const viewer = `/v1/watch/sessions/${sessionId}`;
    const owner = `/v1/videos/${video.id}`;
    /** The Cache-Control of every playlist, segment and key, for the viewer's session and the preview. */
    const cacheControls = async (stream: 'plain' | 'hls') => {
      const urls = {
        viewerMaster: `${viewer}/master.m3u8?token=${playbackToken}`,
        viewerPlaylist: `${viewer}/renditions/360p/index.m3u8?token=${playbackToken}&stream=${stream}`,
        viewerSegment: `${viewer}/segments/360p/seg_00000.ts?token=${playbackToken}&stream=${stream}`,
        viewerKey: `${viewer}/keys/${keys[0]!.keyId}?token=${playbackToken}`,
        previewMaster: `${owner}/hls/master.m3u8?token=${previewToken}`,
        previewPlaylist: `${owner}/hls/360p/index.m3u8?token=${previewToken}&stream=${stream}`,
        previewSegment: `${owner}/hls/360p/seg_00000.ts?token=${previewToken}&stream=${stream}`,
        previewKey: `${owner}/keys/${keys[0]!.keyId}?token=${previewToken}`,
      };
      const answers: Record<string, string | undefined> = {};
      for (const [name, url] of Object.entries(urls)) {
        const res = await t.app.inject({ method: 'GET', url });
        expect(res.statusCode, `${name}: ${res.body.slice(0, 200)}`).toBe(200);
        answers[name] = res.headers['cache-control'] as string | undefined;
      }
      return answers;
    };
    const noCopy = 'private, no-store';

    // Being processed: the plain segments play without a key, so nobody may keep a copy of them.
    expect(await cacheControls('plain')).toEqual({
      viewerMaster: noCopy,
      viewerPlaylist: noCopy,
      viewerSegment: noCopy,
      viewerKey: noCopy,
      previewMaster: noCopy,
      previewPlaylist: noCopy,
      previewSegment: noCopy,
      previewKey: noCopy,
    });

    // Encrypted: a segment is useless without its key, which only a live session gets and nobody keeps,
    // so the viewer's own browser may keep it (for a seek back); no shared cache may.
    await t.db
      .update(videos)
      .set({ status: 'encryption-completed', encrypted: true, encryptedAt: new Date(Date.now() + 60_000) })
      .where(eq(videos.id, video.id));
    expect(await cacheControls('hls')).toMatchObject({
      viewerSegment: 'private, max-age=3600',
      previewSegment: 'private, max-age=3600',
    });
    // The plain streams a player loaded before encryption completed, now decrypted for it: no copy.
    expect(await cacheControls('plain')).toMatchObject({ viewerSegment: noCopy, previewSegment: noCopy });
  });

  it('serves the playlists with the token in every URL, and each key to a live session only', async () => {
    const { link, keys, plainSegments, me, video } = await setup();
    const { sessionId, playbackToken } = (await open(t, link.token)).json();
    const base = `/v1/watch/sessions/${sessionId}`;
    const master = await t.app.inject({ method: 'GET', url: `${base}/master.m3u8?token=${playbackToken}` });
    expect(master.statusCode).toBe(200);
    expect(master.body).toContain(`renditions/360p/index.m3u8?token=${playbackToken}&stream=hls`);
    const media = await t.app.inject({
      method: 'GET',
      url: `${base}/renditions/360p/index.m3u8?token=${playbackToken}`,
    });
    expect(media.body.match(/#EXT-X-KEY/g)).toHaveLength(2);
    expect(media.body).toContain(`URI="../../keys/${keys[0]!.keyId}?token=${playbackToken}"`);
    expect(media.body).toContain(`../../segments/360p/seg_00000.ts?token=${playbackToken}&stream=hls`);
    const segment = await t.app.inject({
      method: 'GET',
      url: `${base}/segments/360p/seg_00000.ts?token=${playbackToken}&stream=hls`,
    });
    expect(segment.statusCode).toBe(200);
    expect(segment.rawPayload.equals(encryptSegment(plainSegments[0]!, keys[0]!.key, keys[0]!.iv))).toBe(
      true,
    );

    const keyUrl = `${base}/keys/${keys[1]!.keyId}`;
    const key = await t.app.inject({ method: 'GET', url: `${keyUrl}?token=${playbackToken}` });
    expect(key.rawPayload.equals(keys[1]!.key)).toBe(true);
    const bearer = await t.app.inject({
      method: 'GET',
      url: keyUrl,
      headers: { authorization: `Bearer ${playbackToken}` },
    });
    expect(bearer.rawPayload.equals(keys[1]!.key)).toBe(true);

    // Without a token, or with another session's, the key is refused.
    expect((await t.app.inject({ method: 'GET', url: keyUrl })).statusCode).toBe(401);
    const other = (await open(t, (await linkFor(t, me, video.id)).token)).json();
    expect(
      (await t.app.inject({ method: 'GET', url: `${keyUrl}?token=${other.playbackToken}` })).statusCode,
    ).toBe(401);

    // Revoked: refused at once, and enabled again: released again.
    await t.app.inject({
      method: 'POST',
      url: `/v1/screeners/${link.id}/updateStatus`,
      headers: me.headers,
      payload: { status: 'revoked' },
    });
    const revoked = await t.app.inject({ method: 'GET', url: `${keyUrl}?token=${playbackToken}` });
    expect(revoked.statusCode).toBe(403);
    expect(revoked.json().reason).toBe('revoked');
    await t.app.inject({
      method: 'POST',
      url: `/v1/screeners/${link.id}/updateStatus`,
      headers: me.headers,
      payload: { status: 'active' },
    });
    expect((await t.app.inject({ method: 'GET', url: `${keyUrl}?token=${playbackToken}` })).statusCode).toBe(
      200,
    );

    // Ended: refused.
    await t.db
      .update(trackingLinks)
      .set({ endsAt: new Date(Date.now() - 1000) })
      .where(eq(trackingLinks.id, link.id));
    const ended = await t.app.inject({ method: 'GET', url: `${keyUrl}?token=${playbackToken}` });
    expect(ended.json().reason).toBe('ended');
  });

  it('logs a revoked link’s refused keys and segments once, however many its player still asks for', async () => {
    const { link, keys, me, video } = await setup();
    const { sessionId, playbackToken } = (await open(t, link.token)).json();
    await t.app.inject({
      method: 'POST',
      url: `/v1/screeners/${link.id}/updateStatus`,
      headers: me.headers,
      payload: { status: 'revoked' },
    });
    // Its playback token lasts 45 s more: a player retrying, or a script, asks again and again.
    const base = `/v1/watch/sessions/${sessionId}`;
    for (let i = 0; i < 10; i++) {
      for (const url of [`${base}/keys/${keys[i % 2]!.keyId}`, `${base}/segments/360p/seg_00000.ts`]) {
        const res = await t.app.inject({ method: 'GET', url: `${url}?token=${playbackToken}` });
        expect(res.statusCode).toBe(403);
      }
    }
    const refusals = (await t.db.select().from(logs).where(eq(logs.videoId, video.id)))
      .map((e) => e.message)
      .filter((m) => m.includes('refused'))
      .sort();
    expect(refusals).toEqual([
      'Key of Unnamed viewer refused: the link is revoked',
      'Segment of Unnamed viewer refused: the link is revoked',
    ]);
  });

  it('renews the token on heartbeats until the link is revoked', async () => {
    const { link, me } = await setup();
    const { sessionId, sessionSecret } = (await open(t, link.token)).json();
    const beat = (secret: string) =>
      t.app.inject({ method: 'POST', url: `/v1/watch/sessions/${sessionId}/heartbeat`, payload: { secret } });
    const renewed = await beat(sessionSecret);
    expect(renewed.statusCode).toBe(200);
    expect(renewed.json()).toMatchObject({ playbackToken: expect.any(String), expiresIn: 45 });
    // A secret not the session's: another tab went on with it (a reload there gave it a new one).
    const elsewhere = await beat('x'.repeat(43));
    expect(elsewhere.statusCode).toBe(401);
    expect(elsewhere.json().message).toBe(
      'This viewing went on in another tab or window. Watch again to watch here instead.',
    );
    await t.app.inject({
      method: 'POST',
      url: `/v1/screeners/${link.id}/updateStatus`,
      headers: me.headers,
      payload: { status: 'revoked' },
    });
    const refused = await beat(sessionSecret);
    expect(refused.statusCode).toBe(403);
    expect(refused.json()).toMatchObject({
      reason: 'revoked',
      message: 'The person who shared this film has withdrawn this link.',
    });
  });

  it('tells a presenter who opens a viewer’s link of their own that it counts as that viewer’s', async () => {
    const { link, me } = await setup(t, { usage_limit: 2 });
    const byOwner = await open(t, link.token, me.headers);
    expect(byOwner.json()).toMatchObject({
      ownerViewing: true,
      preview: false,
      viewings: { used: 1, limit: 2 },
    });
    const other = await t.signUp();
    expect((await open(t, link.token, other.headers)).json().ownerViewing).toBe(false);
  });

  it('tells a viewer whose session went with its deleted film to watch again', async () => {
    const { link, me, video } = await setup();
    const { sessionId, sessionSecret } = (await open(t, link.token)).json();
    const removed = await t.app.inject({
      method: 'DELETE',
      url: `/v1/videos/${video.id}`,
      headers: me.headers,
    });
    expect(removed.statusCode).toBe(200);
    const beat = await t.app.inject({
      method: 'POST',
      url: `/v1/watch/sessions/${sessionId}/heartbeat`,
      payload: { secret: sessionSecret },
    });
    expect(beat.statusCode).toBe(401);
    expect(beat.json().message).toBe('This viewing session has ended. Watch again to go on.');
    expect((await open(t, link.token)).json()).toMatchObject({ reason: 'not_found' });
  });
});

describe('events', () => {
  const at = Date.now();
  const batch = (seqs: number[]) => ({
    events: seqs.map((seq) => ({
      seq,
      type: 'progress',
      at: at + seq * 5000,
      position: (seq + 1) * 5,
      data: { from: seq * 5 },
    })),
  });

  it('counts a retried batch once, and rolls the session up to its link', async () => {
    const { link } = await setup();
    const { sessionId, playbackToken } = (await open(t, link.token)).json();
    const send = (body: object, token = playbackToken) =>
      t.app.inject({
        method: 'POST',
        url: `/v1/watch/sessions/${sessionId}/events?token=${token}`,
        payload: body,
      });
    const first = await send({
      events: [{ seq: 0, type: 'play', at, position: 0 }, ...batch([1, 2]).events],
    });
    expect(first.json()).toEqual({ accepted: 3, duplicates: 0 });
    const retried = await send(batch([1, 2]));
    expect(retried.json()).toEqual({ accepted: 0, duplicates: 2 });
    const more = await send(batch([2, 3]));
    expect(more.json()).toEqual({ accepted: 1, duplicates: 1 });
    // Answered once journaled; the figures are folded into PostgreSQL just behind.
    await t.container.events.settled();
    const [session] = await t.db.select().from(watchSessions).where(eq(watchSessions.id, sessionId));
    expect(session).toMatchObject({ watchedSeconds: 15, views: 1, eventsCount: 4, lastPosition: 20 });
    expect(session!.playedRanges).toEqual([[5, 20]]);
    const [row] = await t.db.select().from(trackingLinks).where(eq(trackingLinks.id, link.id));
    expect(row).toMatchObject({ viewsCount: 1, watchedSeconds: 15 });
  });

  describe('once the link stops', () => {
    const sender = (sessionId: string, playbackToken: string) => (events: object[]) =>
      t.app.inject({
        method: 'POST',
        url: `/v1/watch/sessions/${sessionId}/events?token=${playbackToken}`,
        payload: { events },
      });
    const stoppedPause = (seq: number, reason: string) => ({
      seq,
      type: 'pause',
      at: at + seq * 5000,
      position: (seq + 1) * 5,
      data: { from: 0, stopped: reason },
    });
    const setStatus = (me: Me, id: string, status: string) =>
      t.app.inject({
        method: 'POST',
        url: `/v1/screeners/${id}/updateStatus`,
        headers: me.headers,
        payload: { status },
      });

    it('refuses a revoked link’s reports as its heartbeat does, but for the page’s closing report, once', async () => {
      const { link, me } = await setup();
      const { sessionId, sessionSecret, playbackToken } = (await open(t, link.token)).json();
      const send = sender(sessionId, playbackToken);
      expect((await send(batch([0, 1]).events)).json()).toEqual({ accepted: 2, duplicates: 0 });

      expect((await setStatus(me, link.id, 'revoked')).statusCode).toBe(200);
      const heartbeat = await t.app.inject({
        method: 'POST',
        url: `/v1/watch/sessions/${sessionId}/heartbeat`,
        payload: { secret: sessionSecret },
      });
      // The playback token has not lapsed: only the link's status can refuse these.
      const refused = await send(batch([2, 3]).events);
      expect(refused.statusCode).toBe(heartbeat.statusCode);
      expect(refused.json()).toEqual(heartbeat.json());
      expect(refused.json().reason).toBe('revoked');

      // The page's last report says how it was stopped: that pause alone is kept, without its stretch.
      const closing = await send([...batch([2]).events, stoppedPause(3, 'revoked')]);
      expect(closing.json()).toEqual({ accepted: 1, duplicates: 0, refused: 1 });
      // Once: a modified page cannot go on reporting "stops".
      expect((await send([stoppedPause(4, 'revoked')])).json().reason).toBe('revoked');

      await t.container.events.settled();
      const [session] = await t.db.select().from(watchSessions).where(eq(watchSessions.id, sessionId));
      expect(session).toMatchObject({ watchedSeconds: 10, eventsCount: 3, lastPosition: 20 });
      expect(session!.closedAt).not.toBeNull();

      // Enabled again: its reports are taken again.
      expect((await setStatus(me, link.id, 'active')).statusCode).toBe(200);
      expect((await send(batch([5]).events)).json()).toEqual({ accepted: 1, duplicates: 0 });

      // Revoked once more: the page may close the session again, with one stop and one goodbye at most.
      expect((await setStatus(me, link.id, 'revoked')).statusCode).toBe(200);
      const goodbye = (seq: number) => ({ seq, type: 'unload', at: at + seq * 5000, position: 30 });
      const again = await send([stoppedPause(6, 'revoked'), goodbye(7), goodbye(8), goodbye(9)]);
      expect(again.json()).toEqual({ accepted: 2, duplicates: 0, refused: 2 });
    });

    it('reads the link’s state from memory, not the database, for each batch', async () => {
      const { link } = await setup();
      const { sessionId, playbackToken } = (await open(t, link.token)).json();
      const send = sender(sessionId, playbackToken);
      const reads = vi.spyOn(t.container.trackingLinks, 'findById');
      try {
        for (const seq of [0, 1, 2]) expect((await send(batch([seq]).events)).statusCode).toBe(200);
        expect(reads).not.toHaveBeenCalled();
      } finally {
        reads.mockRestore();
      }
    });

    it('refuses the reports of a disabled anonymous link’s viewer and of an ended link', async () => {
      const me = await t.signUp();
      const { video } = await createPlayableFilm(t, me.id);
      const created = await t.app.inject({
        method: 'POST',
        url: `/v1/videos/${video.id}/createMagicLink`,
        headers: me.headers,
        payload: {},
      });
      const viewer = await t.app.inject({
        method: 'POST',
        url: '/v1/videos/createScreenerUsingMagicCode',
        payload: { code: created.json().magicLink.code, deviceId: 'device-0123456789abcdef' },
      });
      const anonymous = (await open(t, viewer.json().token)).json();
      const sendAnonymous = sender(anonymous.sessionId, anonymous.playbackToken);
      expect((await sendAnonymous(batch([0]).events)).statusCode).toBe(200);
      const disabled = await t.app.inject({
        method: 'GET',
        url: `/v1/videos/${video.id}/disableLink`,
        headers: me.headers,
      });
      expect(disabled.statusCode).toBe(200);
      const refused = await sendAnonymous(batch([1]).events);
      expect(refused.statusCode).toBe(403);
      expect(refused.json().reason).toBe('disabled');

      // An end date that has passed: once the link is read again (its heartbeat), its reports stop too.
      const { link } = await setup();
      const { sessionId, sessionSecret, playbackToken } = (await open(t, link.token)).json();
      const send = sender(sessionId, playbackToken);
      expect((await send(batch([0]).events)).statusCode).toBe(200);
      await t.db
        .update(trackingLinks)
        .set({ endsAt: new Date(Date.now() - 1000) })
        .where(eq(trackingLinks.id, link.id));
      const heartbeat = await t.app.inject({
        method: 'POST',
        url: `/v1/watch/sessions/${sessionId}/heartbeat`,
        payload: { secret: sessionSecret },
      });
      expect(heartbeat.json().reason).toBe('ended');
      const ended = await send(batch([1]).events);
      expect(ended.statusCode).toBe(410);
      // The heartbeat's refusal, without the film it names: the page learns that from its heartbeat,
      // and a refused batch costs no reads.
      const { film, ...withoutFilm } = heartbeat.json();
      expect(film).toBeDefined();
      expect(ended.json()).toEqual(withoutFilm);
    });
  });

  it('names where and on what the link was last seen from the session seen last', async () => {
    const { link } = await setup();
    const phone = (
      await open(t, link.token, {
        'user-agent':
          'Mozilla/5.0 (iPhone; CPU iPhone OS 17_0 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.0 Mobile/15E148 Safari/604.1',
      })
    ).json();
    // A second device opens after the phone: for now it is the one last seen.
    await open(t, link.token, {
      'user-agent':
        'Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/129.0.0.0 Safari/537.36',
    });
    const seen = async () => {
      await t.container.events.settled();
      const [row] = await t.db.select().from(trackingLinks).where(eq(trackingLinks.id, link.id));
      return { device: row!.lastDevice, browser: row!.lastBrowser, at: row!.lastActiveAt?.getTime() };
    };
    expect(await seen()).toMatchObject({ device: 'desktop', browser: 'Chrome 129' });
    // A minute on, the phone plays on: the time last seen is the phone's, and so are its device and
    // browser. (Our clock moves on with it: event times are never read past it.)
    vi.useFakeTimers({ toFake: ['Date'] });
    try {
      const later = Date.now() + 60_000;
      vi.setSystemTime(later);
      const played = await t.app.inject({
        method: 'POST',
        url: `/v1/watch/sessions/${phone.sessionId}/events?token=${phone.playbackToken}`,
        payload: { events: [{ seq: 0, type: 'play', at: later, position: 0 }] },
      });
      expect(played.statusCode).toBe(200);
      expect(await seen()).toEqual({ device: 'mobile', browser: 'Safari 17', at: later });
    } finally {
      vi.useRealTimers();
    }
  });

  it('counts concurrent batches of several sessions, retries among them, exactly once', async () => {
    const { link, me, video } = await setup();
    const other = await linkFor(t, me, video.id);
    const sessions = [(await open(t, link.token)).json(), (await open(t, other.token)).json()];
    // Twelve batches at once: each session's seq 0–9, every batch sent twice, in a shuffled order.
    const posts = sessions.flatMap((s) =>
      [0, 2, 4, 6, 8].flatMap((seq) =>
        [batch([seq, seq + 1]), batch([seq, seq + 1])].map((body) => ({ s, body })),
      ),
    );
    posts.sort(() => Math.random() - 0.5);
    const answers = await Promise.all(
      posts.map(({ s, body }) =>
        t.app.inject({
          method: 'POST',
          url: `/v1/watch/sessions/${s.sessionId}/events?token=${s.playbackToken}`,
          payload: body,
        }),
      ),
    );
    expect(answers.every((a) => a.statusCode === 200)).toBe(true);
    const accepted = answers.reduce((sum, a) => sum + a.json().accepted, 0);
    expect(accepted).toBe(20);
    await t.container.events.settled();
    for (const s of sessions) {
      const [row] = await t.db.select().from(watchSessions).where(eq(watchSessions.id, s.sessionId));
      expect(row).toMatchObject({ eventsCount: 10, watchedSeconds: 50, lastPosition: 50 });
      expect(row!.playedRanges).toEqual([[0, 50]]);
    }
    const links = await t.db.select().from(trackingLinks).where(eq(trackingLinks.videoId, video.id));
    expect(links.map((l) => l.watchedSeconds)).toEqual([50, 50]);
  });

  it('answers 404 for events of a session that no longer exists', async () => {
    const { link } = await setup();
    // Opened on another server: this one has to read the session to take its events.
    const other = await t.anotherServer();
    const opened = await other.app.inject({ method: 'POST', url: `/v1/watch/links/${link.token}/sessions` });
    const { sessionId, playbackToken } = opened.json();
    await t.db.delete(watchSessions).where(eq(watchSessions.id, sessionId));
    const send = () =>
      t.app.inject({
        method: 'POST',
        url: `/v1/watch/sessions/${sessionId}/events?token=${playbackToken}`,
        payload: batch([0]),
      });
    const gone = await send();
    expect(gone.statusCode).toBe(404);
    expect(gone.json().message).toBe('This viewing session does not exist.');

    // Opened here and deleted since (with its film): its new events are taken, as the server knows it
    // has none yet and reads nothing, and left out when they reach the database; the heartbeat ends it.
    const here = (await open(t, link.token)).json();
    await t.db.delete(watchSessions).where(eq(watchSessions.id, here.sessionId));
    const taken = await t.app.inject({
      method: 'POST',
      url: `/v1/watch/sessions/${here.sessionId}/events?token=${here.playbackToken}`,
      payload: batch([0]),
    });
    expect(taken.statusCode).toBe(200);
    await t.container.events.settled();
    const beat = await t.app.inject({
      method: 'POST',
      url: `/v1/watch/sessions/${here.sessionId}/heartbeat`,
      payload: { secret: here.sessionSecret },
    });
    expect(beat.statusCode).toBe(401);
    expect(beat.json().message).toBe('This viewing session has ended. Watch again to go on.');
  });

  it('takes a beacon (text/plain) and refuses another session’s token', async () => {
    const { link, me, video } = await setup();
    const mine = (await open(t, link.token)).json();
    const beacon = await t.app.inject({
      method: 'POST',
      url: `/v1/watch/sessions/${mine.sessionId}/events?token=${mine.playbackToken}`,
      headers: { 'content-type': 'text/plain;charset=UTF-8' },
      payload: JSON.stringify({ events: [{ seq: 0, type: 'unload', at, position: 12 }] }),
    });
    expect(beacon.json()).toEqual({ accepted: 1, duplicates: 0 });
    await t.container.events.settled();
    const [closed] = await t.db.select().from(watchSessions).where(eq(watchSessions.id, mine.sessionId));
    expect(closed!.closedAt).not.toBeNull();

    const theirs = (await open(t, (await linkFor(t, me, video.id)).token)).json();
    const wrong = await t.app.inject({
      method: 'POST',
      url: `/v1/watch/sessions/${mine.sessionId}/events?token=${theirs.playbackToken}`,
      payload: batch([5]),
    });
    expect(wrong.statusCode).toBe(401);
  });

  it('refuses oversized and malformed batches with a clear 400', async () => {
    const { link } = await setup();
    const { sessionId, playbackToken } = (await open(t, link.token)).json();
    const send = (payload: object | string, headers: Record<string, string> = {}) =>
      t.app.inject({
        method: 'POST',
        url: `/v1/watch/sessions/${sessionId}/events?token=${playbackToken}`,
        payload,
        headers,
      });
    const tooMany = await send(batch(Array.from({ length: 101 }, (_, i) => i)));
    expect(tooMany.json().message).toBe('events: At most 100 events per batch');
    expect((await send({ events: [{ seq: 1, type: 'teleport', at, position: 1 }] })).json().message).toMatch(
      /^events\.0\.type:/,
    );
    expect((await send({ events: [{ seq: -1, type: 'play', at, position: 1 }] })).statusCode).toBe(400);
    // Past what one session may report: refused, so one opened link cannot flood the database.
    const pastTheCeiling = await send({
      events: [{ seq: MAX_EVENTS_PER_SESSION, type: 'play', at, position: 1 }],
    });
    expect(pastTheCeiling.statusCode).toBe(400);
    expect(pastTheCeiling.json().message).toMatch(/^events\.0\.seq:/);
    expect((await send({ events: [] })).statusCode).toBe(400);
    // The page's clock as it sent the batch is optional, and a number of milliseconds when there.
    const clockInWords = await send({ events: [{ seq: 3, type: 'play', at, position: 1 }], sentAt: 'now' });
    expect(clockInWords.statusCode).toBe(400);
    expect(clockInWords.json().message).toBe('sentAt: It must be numeric');
    const broken = await send('{"events": [', { 'content-type': 'text/plain' });
    expect(broken.statusCode).toBe(400);
    expect(broken.json().message).toBe('The request body is not valid JSON.');
    // What PostgreSQL's jsonb would refuse is refused at the door, not after the answer.
    const unstorable = await send({
      events: [{ seq: 2, type: 'click', at, position: 1, data: { target: 'Play\ud800' } }],
    });
    expect(unstorable.statusCode).toBe(400);
    expect(unstorable.json().message).toBe(
      'events.0.data: data cannot contain NUL characters or broken Unicode',
    );
    const nul = await send({
      events: [{ seq: 2, type: 'click', at, position: 1, data: { target: 'Play\u0000' } }],
    });
    expect(nul.statusCode).toBe(400);
    expect(nul.json().message).toBe(MESSAGES.nulCharacter);
  });

  it('refuses, with a 429 in words, events past what a player could send in the session’s time', async () => {
    const { link, keys, video } = await setup();
    const { sessionId, sessionSecret, playbackToken } = (await open(t, link.token)).json();
    const clicks = (from: number, to: number) => ({
      events: Array.from({ length: to - from }, (_, i) => ({
        seq: from + i,
        type: 'click',
        at: at + from + i,
        position: 1,
      })),
    });
    const send = (payload: object) =>
      t.app.inject({
        method: 'POST',
        url: `/v1/watch/sessions/${sessionId}/events?token=${playbackToken}`,
        payload,
      });
    // The burst a session may send at once, less 50, in full batches.
    const nearlyAll = EVENTS_BURST - 50;
    for (let from = 0; from < nearlyAll; from += MAX_EVENTS_PER_BATCH) {
      const sent = await send(clicks(from, Math.min(from + MAX_EVENTS_PER_BATCH, nearlyAll)));
      expect(sent.statusCode, sent.body).toBe(200);
    }
    // A batch sent again in part: its 50 duplicates do not count against the session a second time.
    const retried = await send(clicks(nearlyAll - 50, nearlyAll + 50));
    expect(retried.statusCode, retried.body).toBe(200);
    expect(retried.json()).toEqual({ accepted: 50, duplicates: 50 });

    // Past the burst (the session is seconds old): refused whole, in words.
    const flood = await send(clicks(EVENTS_BURST, EVENTS_BURST + MAX_EVENTS_PER_BATCH));
    expect(flood.statusCode).toBe(429);
    // When the batch would fit: its 100 events at 2 a second, less the seconds the test has taken.
    const retryAfter = Number(flood.headers['retry-after']);
    expect(Number.isInteger(retryAfter) && retryAfter >= 1 && retryAfter <= 50, String(retryAfter)).toBe(
      true,
    );
    expect(flood.json()).toEqual({
      code: 'TOO_MANY_REQUESTS',
      message:
        'This page has sent more reports than a viewer could make in the time it has been open. These were not kept: send them again in a moment.',
    });
    // Said once in the presenter's log, however many batches the flood sends.
    expect((await send(clicks(EVENTS_BURST, EVENTS_BURST + MAX_EVENTS_PER_BATCH))).statusCode).toBe(429);
    const entries = await t.db.select().from(logs).where(eq(logs.videoId, video.id));
    expect(
      entries.filter(
        (e) => e.message === 'Events refused: more than a player could send in the session’s time',
      ),
    ).toHaveLength(1);
    // Duplicates only: answered as ever, the session being over its budget or not.
    const again = await send(clicks(0, MAX_EVENTS_PER_BATCH));
    expect(again.statusCode).toBe(200);
    expect(again.json()).toEqual({ accepted: 0, duplicates: MAX_EVENTS_PER_BATCH });

    // The session itself goes on: its heartbeat renews the token, its keys are released.
    const beat = await t.app.inject({
      method: 'POST',
      url: `/v1/watch/sessions/${sessionId}/heartbeat`,
      payload: { secret: sessionSecret },
    });
    expect(beat.statusCode).toBe(200);
    const key = await t.app.inject({
      method: 'GET',
      url: `/v1/watch/sessions/${sessionId}/keys/${keys[0]!.keyId}?token=${beat.json().playbackToken}`,
    });
    expect(key.statusCode).toBe(200);

    // Nothing of the refused batch was stored.
    await t.container.events.settled();
    const [session] = await t.db.select().from(watchSessions).where(eq(watchSessions.id, sessionId));
    expect(session!.eventsCount).toBe(EVENTS_BURST);
    expect(session!.clicks).toBe(EVENTS_BURST);

    // A minute on, the session may send more (EVENTS_PER_SECOND of each second since it started).
    vi.useFakeTimers({ toFake: ['Date'] });
    try {
      vi.setSystemTime(Date.now() + Math.ceil(MAX_EVENTS_PER_BATCH / EVENTS_PER_SECOND) * 1000);
      const later = await send(clicks(EVENTS_BURST, EVENTS_BURST + MAX_EVENTS_PER_BATCH));
      expect(later.statusCode, later.body).toBe(200);
      expect(later.json()).toEqual({ accepted: MAX_EVENTS_PER_BATCH, duplicates: 0 });
    } finally {
      vi.useRealTimers();
    }

    // The API document says so.
    const doc = (await t.app.inject({ method: 'GET', url: '/api/docs/json' })).json();
    const route = doc.paths['/v1/watch/sessions/{sessionId}/events'].post;
    expect(route.responses['429']).toBeDefined();
    expect(route.description).toContain(`${EVENTS_BURST} events at once`);
  });

  it('resumes where the viewer stopped in their last session', async () => {
    const { link } = await setup();
    const first = (await open(t, link.token)).json();
    await t.app.inject({
      method: 'POST',
      url: `/v1/watch/sessions/${first.sessionId}/events?token=${first.playbackToken}`,
      payload: { events: [{ seq: 0, type: 'pause', at, position: 47.5, data: { from: 40 } }] },
    });
    expect((await open(t, link.token)).json().resumeAt).toBe(47);
  });
});

describe('Vimeo films', () => {
  it('a Vimeo film plays through Vimeo’s player, with the privacy hash of a hidden film', async () => {
    const me = await t.signUp();
    const film = await createFilm(t, me.id);
    await t.db
      .update(videos)
      .set({ type: 'vimeo', vimeoId: '760002', vimeoHash: 'a1b2c3d4e5', status: 'ready-to-use' })
      .where(eq(videos.id, film.id));
    const link = await linkFor(t, me, film.id);
    expect((await open(t, link.token)).json().video).toMatchObject({
      player: 'vimeo',
      vimeo_id: '760002',
      vimeo_hash: 'a1b2c3d4e5',
    });
  });
});

describe('a reloaded page goes on with its session', () => {
  const openWith = (token: string, resume: object) =>
    t.app.inject({ method: 'POST', url: `/v1/watch/links/${token}/sessions`, payload: { resume } });
  const sessionRow = async (id: string) =>
    (await t.db.select().from(watchSessions).where(eq(watchSessions.id, id)))[0]!;
  const report = (s: { sessionId: string; playbackToken: string }, events: object[]) =>
    t.app.inject({
      method: 'POST',
      url: `/v1/watch/sessions/${s.sessionId}/events?token=${s.playbackToken}`,
      payload: { events },
    });
  const beat = (sessionId: string, secret: string) =>
    t.app.inject({ method: 'POST', url: `/v1/watch/sessions/${sessionId}/heartbeat`, payload: { secret } });

  it('resumes the session a reload names, without using up the viewing limit', async () => {
    const { link } = await setup(t, { usage_limit: 1 });
    const first = (await open(t, link.token)).json();
    expect(first.viewings).toEqual({ used: 1, limit: 1 });
    expect(first.firstSeq).toBe(0);
    const at = Date.now();
    await report(first, [
      { seq: 0, type: 'play', at, position: 0 },
      { seq: 1, type: 'progress', at: at + 5000, position: 30, data: { from: 0 } },
      { seq: 2, type: 'pause', at: at + 6000, position: 31, data: { from: 30 } },
      { seq: 3, type: 'unload', at: at + 6000, position: 31 },
    ]);
    await t.container.events.settled();
    expect((await sessionRow(first.sessionId)).closedAt).not.toBeNull();

    const again = await openWith(link.token, {
      sessionId: first.sessionId,
      secret: first.sessionSecret,
      nextSeq: 4,
    });
    expect(again.statusCode, again.body).toBe(200);
    const resumed = again.json();
    expect(resumed).toMatchObject({
      sessionId: first.sessionId,
      resumeAt: 31,
      firstSeq: 1004,
      viewings: { used: 1, limit: 1 },
    });
    expect((await sessionRow(first.sessionId)).closedAt).toBeNull();
    const [row] = await t.db.select().from(trackingLinks).where(eq(trackingLinks.id, link.id));
    expect(row).toMatchObject({ sessionsCount: 1 });

    // One page at a time: the secret is new, and the page that held the old one cannot renew its token.
    expect(resumed.sessionSecret).not.toBe(first.sessionSecret);
    expect((await beat(first.sessionId, first.sessionSecret)).statusCode).toBe(401);
    expect((await beat(first.sessionId, resumed.sessionSecret)).statusCode).toBe(200);

    await report(resumed, [
      { seq: 1004, type: 'play', at: at + 9000, position: 31 },
      { seq: 1005, type: 'progress', at: at + 14_000, position: 36, data: { from: 31 } },
    ]);
    await t.container.events.settled();
    expect(await sessionRow(first.sessionId)).toMatchObject({ closedAt: null, watchedSeconds: 36, views: 1 });

    // A new opening still counts: the limit of one is spent.
    expect((await open(t, link.token)).json().reason).toBe('limit_reached');
  });

  it('a goodbye of the page before that arrives after the reload does not close the session', async () => {
    const { link } = await setup();
    const first = (await open(t, link.token)).json();
    const at = Date.now();
    await report(first, [{ seq: 0, type: 'play', at, position: 0 }]);
    const resumed = (
      await openWith(link.token, { sessionId: first.sessionId, secret: first.sessionSecret })
    ).json();
    expect(resumed).toMatchObject({ sessionId: first.sessionId, firstSeq: 1001 });
    await report(resumed, [{ seq: 1001, type: 'play', at: at + 2000, position: 0 }]);
    // Late, and for the first time: the old page's last stretch and goodbye.
    const late = await report(first, [
      { seq: 1, type: 'pause', at: at + 1000, position: 4, data: { from: 0 } },
      { seq: 2, type: 'unload', at: at + 1000, position: 4 },
    ]);
    expect(late.json()).toEqual({ accepted: 2, duplicates: 0 });
    await t.container.events.settled();
    expect(await sessionRow(first.sessionId)).toMatchObject({ closedAt: null, watchedSeconds: 4 });
  });

  it('opens a new session, counted, when the named one cannot go on', async () => {
    const { link, me, video } = await setup(t, { usage_limit: 2 });
    const first = (await open(t, link.token)).json();
    const countOf = async () =>
      (await t.db.select().from(trackingLinks).where(eq(trackingLinks.id, link.id)))[0]!.sessionsCount;

    // Another link's session, however fresh, is not this link's.
    const other = await linkFor(t, me, video.id);
    const theirs = (await open(t, other.token)).json();
    const notOurs = await openWith(link.token, { sessionId: theirs.sessionId, secret: theirs.sessionSecret });
    expect(notOurs.json()).toMatchObject({ firstSeq: 0 });
    expect(notOurs.json().sessionId).not.toBe(theirs.sessionId);
    expect(await countOf()).toBe(2);

    // A wrong secret, or a session silent for longer than a session lasts: the limit of two is spent.
    const wrong = await openWith(link.token, { sessionId: first.sessionId, secret: 'y'.repeat(43) });
    expect(wrong.json().reason).toBe('limit_reached');
    const longAgo = new Date(Date.now() - 3 * 60_000);
    await t.db
      .update(watchSessions)
      .set({ startedAt: longAgo, lastSeenAt: longAgo })
      .where(eq(watchSessions.id, first.sessionId));
    const stale = await openWith(link.token, { sessionId: first.sessionId, secret: first.sessionSecret });
    expect(stale.json().reason).toBe('limit_reached');
  });

  it('still runs the access checks, and takes a malformed session name for none', async () => {
    const { link, me } = await setup();
    const first = (await open(t, link.token)).json();
    const malformed = await openWith(link.token, { sessionId: 'not-a-session', secret: first.sessionSecret });
    expect(malformed.statusCode).toBe(200);
    expect(malformed.json().sessionId).not.toBe(first.sessionId);
    await t.app.inject({
      method: 'POST',
      url: `/v1/screeners/${link.id}/updateStatus`,
      headers: me.headers,
      payload: { status: 'revoked' },
    });
    const revoked = await openWith(link.token, { sessionId: first.sessionId, secret: first.sessionSecret });
    expect(revoked.json().reason).toBe('revoked');
  });
});
