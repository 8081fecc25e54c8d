import { MESSAGES } from '@screenroom/shared/messages';
import { MAX_EVENTS_PER_BATCH, REPLAY_EVENTS_LIMIT } from '@screenroom/shared/watch-events';
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { createPlayableFilm } from '../../../test/fixtures';
import { createTestApp, type TestApp } from '../../../test/helpers';
import { trackingLinks } from '../../db/schema/tracking-links';
import { watchSessions } from '../../db/schema/watch';
import { viewerTokenHash } from '../tracking-links/viewer-tokens';

/*
 * Every figure below is worked out by hand from the event sequences, for a film of 120 s:
 *
 * Viewer 1, session A (Chrome, desktop, GB): plays 0→10, 10→11 then seeks to 60, plays 60→66, pauses,
 *   hides the tab, clicks, plays 66→68 then seeks back to 30, plays 30→35, leaves.
 *   Watched 5+5+1+5+1+2+5 = 24 s; played [0,11] [30,35] [60,68] = 24 s; 1 click; 12 events.
 * Viewer 1, session B (Safari, mobile, US): plays 100→120 to the end. Watched 20 s.
 *   Viewer 1 over both: watched 44 s, played [0,11] [30,35] [60,68] [100,120] = 44 s, coverage 0.367.
 * Viewer 2 (Firefox, desktop, GB): plays 0→60, seeks to 119.5, plays to the end: watched 60.5 s, coverage
 *   0.504 (more than half); of minute 1 only 0.5 s was played, under the one-second threshold.
 * Viewer 3 (Chrome, desktop, US): opens the link and plays nothing.
 *
 * Film: 3 links, 3 opened, 4 sessions, 3 views, 104.5 s = 1.74 min, 1 click,
 *   average coverage (44 + 60.5 + 0) / 3 / 120 = 0.29; heat map minute 0: 2 viewers, minute 1: 1.
 */

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({ TRUST_PROXY: 'true' });
});
afterAll(async () => {
  await t.close();
});

const CHROME =
  'Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/126.0.0.0 Safari/537.36';
const SAFARI_IPHONE =
  'Mozilla/5.0 (iPhone; CPU iPhone OS 17_0 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.0 Mobile/15E148 Safari/604.1';
const FIREFOX = 'Mozilla/5.0 (X11; Linux x86_64; rv:128.0) Gecko/20100101 Firefox/128.0';
const GB = '81.2.69.142';
const US = '8.8.8.8';

type Me = Awaited<ReturnType<TestApp['signUp']>>;
type Ev = { seq: number; type: string; at: number; position: number; data?: Record<string, unknown> };

async function linkFor(me: Me, videoId: string, email: string, more: object = {}) {
  const res = await t.app.inject({
    method: 'POST',
    url: '/v1/screeners',
    headers: me.headers,
    payload: { video_id: videoId, viewer_email: email, viewer_name: email.split('@')[0], ...more },
  });
  expect(res.statusCode, res.body).toBe(201);
  const link = res.json().screener;
  return { id: link.id as string, token: (link.access_url as string).split('/watch/')[1]! };
}

async function openSession(
  token: string,
  userAgent: string,
  ip: string,
  headers: Record<string, string> = {},
) {
  const res = await t.app.inject({
    method: 'POST',
    url: `/v1/watch/links/${token}/sessions`,
    headers: { 'user-agent': userAgent, 'x-forwarded-for': ip, ...headers },
  });
  expect(res.statusCode, res.body).toBe(200);
  const { sessionId, sessionSecret, playbackToken } = res.json();
  /** `sentAt`: the page's clock as it sends the batch (an older page sends none). */
  const send = async (events: Ev[], sentAt?: number) => {
    const sent = await t.app.inject({
      method: 'POST',
      url: `/v1/watch/sessions/${sessionId}/events?token=${playbackToken}`,
      payload: sentAt === undefined ? { events } : { events, sentAt },
    });
    expect(sent.statusCode, sent.body).toBe(200);
    return sent.json() as { accepted: number; duplicates: number };
  };
  const heartbeat = () =>
    t.app.inject({
      method: 'POST',
      url: `/v1/watch/sessions/${sessionId}/heartbeat`,
      payload: { secret: sessionSecret },
    });
  return { sessionId: sessionId as string, send, heartbeat };
}

/** The session's page as if it had started `startedAgo` ms ago and last been heard of `silentFor` ms ago. */
async function backdate(sessionId: string, startedAgo: number, silentFor: number) {
  await t.container.events.settled();
  await t.db
    .update(watchSessions)
    .set({ startedAt: new Date(Date.now() - startedAgo), lastSeenAt: new Date(Date.now() - silentFor) })
    .where(eq(watchSessions.id, sessionId));
}

const get = (me: Me, url: string) => t.app.inject({ method: 'GET', url, headers: me.headers });
const post = (me: Me, url: string, payload: object = {}) =>
  t.app.inject({ method: 'POST', url, headers: me.headers, payload });

async function recordScenario() {
  const me = await t.signUp();
  const { video } = await createPlayableFilm(t, me.id);
  const viewer1 = await linkFor(me, video.id, 'ines@festival.test');
  const viewer2 = await linkFor(me, video.id, 'bo@buyer.test');
  const viewer3 = await linkFor(me, video.id, 'cy@critic.test');

  // Our clock is set to each moment of the sequences in turn (event times are read in it, never past
  // it), once what came before is written.
  const t0 = Date.now();
  const s = (seconds: number) => t0 + seconds * 1000;
  const clockAt = async (seconds: number) => {
    await t.container.events.settled();
    vi.setSystemTime(s(seconds));
  };
  vi.useFakeTimers({ toFake: ['Date'] });
  try {
    await clockAt(0);
    const a = await openSession(viewer1.token, CHROME, GB);
    const sessionA: Ev[] = [
      { seq: 0, type: 'play', at: s(0), position: 0 },
      { seq: 1, type: 'progress', at: s(5), position: 5, data: { from: 0 } },
      { seq: 2, type: 'progress', at: s(10), position: 10, data: { from: 5 } },
      { seq: 3, type: 'seek', at: s(11), position: 60, data: { from: 10, at: 11 } },
      { seq: 4, type: 'progress', at: s(16), position: 65, data: { from: 60 } },
      { seq: 5, type: 'pause', at: s(17), position: 66, data: { from: 65 } },
      { seq: 6, type: 'visibility', at: s(20), position: 66, data: { hidden: true } },
      { seq: 7, type: 'click', at: s(21), position: 66 },
      { seq: 8, type: 'play', at: s(25), position: 66 },
      { seq: 9, type: 'seek', at: s(27), position: 30, data: { from: 66, at: 68 } },
      { seq: 10, type: 'progress', at: s(32), position: 35, data: { from: 30 } },
      { seq: 11, type: 'unload', at: s(33), position: 35 },
    ];
    await clockAt(17);
    expect(await a.send(sessionA.slice(0, 6))).toEqual({ accepted: 6, duplicates: 0 });
    // The same batch again (a retry after a lost answer), then the rest with an overlap.
    expect(await a.send(sessionA.slice(0, 6))).toEqual({ accepted: 0, duplicates: 6 });
    await clockAt(33);
    expect(await a.send(sessionA.slice(4))).toEqual({ accepted: 6, duplicates: 2 });

    await clockAt(100);
    const b = await openSession(viewer1.token, SAFARI_IPHONE, US);
    const sessionB: Ev[] = [
      { seq: 0, type: 'play', at: s(100), position: 100 },
      { seq: 1, type: 'progress', at: s(105), position: 105, data: { from: 100 } },
      { seq: 2, type: 'progress', at: s(110), position: 110, data: { from: 105 } },
      { seq: 3, type: 'ended', at: s(120), position: 120, data: { from: 110 } },
      { seq: 4, type: 'unload', at: s(121), position: 120 },
    ];
    await clockAt(121);
    await b.send(sessionB);
    expect(await b.send(sessionB.slice(2))).toEqual({ accepted: 0, duplicates: 3 });

    await clockAt(40);
    const c = await openSession(viewer2.token, FIREFOX, GB);
    await clockAt(102);
    await c.send([
      { seq: 0, type: 'play', at: s(40), position: 0 },
      { seq: 1, type: 'progress', at: s(100), position: 60, data: { from: 0 } },
      { seq: 2, type: 'seek', at: s(101), position: 119.5, data: { from: 60, at: 60 } },
      { seq: 3, type: 'ended', at: s(102), position: 120, data: { from: 119.5 } },
    ]);

    const d = await openSession(viewer3.token, CHROME, US);
    await t.container.events.settled();
    return { me, video, viewer1, viewer2, viewer3, a, b, c, d, t0 };
  } finally {
    vi.useRealTimers();
  }
}

describe('analytics computed from a known event sequence', () => {
  let sc: Awaited<ReturnType<typeof recordScenario>>;
  beforeAll(async () => {
    sc = await recordScenario();
  });

  it("lists a viewer's sessions with their figures, newest or oldest first, paged", async () => {
    const oldest = await post(sc.me, `/v1/screeners/${sc.viewer1.id}/analytics`, { order: 'oldest' });
    expect(oldest.statusCode, oldest.body).toBe(200);
    const body = oldest.json();
    expect(body).toMatchObject({ page: 1, limit: 20, totalPages: 1, totalResults: 2 });
    const [a, b] = body.results;
    expect(a).toMatchObject({
      session_id: sc.a.sessionId,
      tracking_link_id: sc.viewer1.id,
      end: new Date(sc.t0 + 33_000).toISOString(),
      watched_minutes: 0.4,
      views: 1,
      clicks: 1,
      events: 12,
      coverage: 0.2,
      played_ranges: [
        [0, 11],
        [30, 35],
        [60, 68],
      ],
      country: 'GB',
      device: 'desktop',
      browser: 'Chrome 126',
      live: false,
    });
    expect(a.time_spent).toBe(Math.round((sc.t0 + 33_000 - Date.parse(a.start)) / 1000));
    expect(b).toMatchObject({
      session_id: sc.b.sessionId,
      watched_minutes: 0.33,
      views: 1,
      clicks: 0,
      coverage: 0.167,
      played_ranges: [[100, 120]],
      country: 'US',
      device: 'mobile',
      browser: 'Safari 17',
    });

    const newest = (await post(sc.me, `/v1/screeners/${sc.viewer1.id}/analytics`)).json();
    expect(newest.results.map((r: { session_id: string }) => r.session_id)).toEqual([
      sc.b.sessionId,
      sc.a.sessionId,
    ]);
    const second = (
      await post(sc.me, `/v1/screeners/${sc.viewer1.id}/analytics`, { page: 2, limit: 1, order: 'newest' })
    ).json();
    expect(second).toMatchObject({ page: 2, limit: 1, totalPages: 2, totalResults: 2 });
    expect(second.results.map((r: { session_id: string }) => r.session_id)).toEqual([sc.a.sessionId]);
  });

  it('replays one session: its events in order, each once', async () => {
    const res = await get(sc.me, `/v1/screeners/${sc.viewer1.id}/analytics/${sc.a.sessionId}`);
    expect(res.statusCode, res.body).toBe(200);
    const { session, events } = res.json();
    expect(session.session_id).toBe(sc.a.sessionId);
    expect(events.map((e: { seq: number }) => e.seq)).toEqual([0, 1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11]);
    expect(events[3]).toEqual({
      seq: 3,
      type: 'seek',
      at: new Date(sc.t0 + 11_000).toISOString(),
      position: 60,
      data: { from: 10, at: 11 },
    });
    expect(events[7]).toMatchObject({ type: 'click', data: null });
    expect(res.json().events_total).toBe(12);
  });

  it('replays the first events of a session that reported more than a replay carries', async () => {
    const me = await t.signUp();
    const { video } = await createPlayableFilm(t, me.id);
    const link = await linkFor(me, video.id, 'flood@films.test');
    // Opened on another server, and open long enough for a player to have sent that many (the events
    // budget, watch/event-budget.ts): this server reads the session's start when the events come.
    const other = await t.anotherServer();
    const opened = await other.app.inject({ method: 'POST', url: `/v1/watch/links/${link.token}/sessions` });
    const { sessionId, playbackToken } = opened.json();
    const start = Date.now();
    const total = REPLAY_EVENTS_LIMIT + 50;
    await t.db
      .update(watchSessions)
      .set({ startedAt: new Date(start - 24 * 3600_000) })
      .where(eq(watchSessions.id, sessionId));
    for (let first = 0; first < total; first += MAX_EVENTS_PER_BATCH) {
      const count = Math.min(MAX_EVENTS_PER_BATCH, total - first);
      const events = Array.from({ length: count }, (_, i) => ({
        seq: first + i,
        type: 'click',
        at: start + first + i,
        position: 1,
      }));
      const sent = await t.app.inject({
        method: 'POST',
        url: `/v1/watch/sessions/${sessionId}/events?token=${playbackToken}`,
        payload: { events },
      });
      expect(sent.statusCode, sent.body).toBe(200);
    }
    const replay = (await get(me, `/v1/screeners/${link.id}/analytics/${sessionId}`)).json();
    expect(replay.events).toHaveLength(REPLAY_EVENTS_LIMIT);
    expect(replay.events.at(-1).seq).toBe(REPLAY_EVENTS_LIMIT - 1);
    expect(replay.events_total).toBe(total);
  });

  it("totals a viewer's sessions, with the coverage of everything they played", async () => {
    const res = await get(sc.me, `/v1/screeners/${sc.viewer1.id}/analyticsOfAllSessions`);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({
      sessions: 2,
      views: 2,
      watched_minutes: 0.73,
      clicks: 1,
      coverage: 0.367,
      played_ranges: [
        [0, 11],
        [30, 35],
        [60, 68],
        [100, 120],
      ],
      duration: 120,
      last_active_at: new Date(sc.t0 + 121_000).toISOString(),
    });
    const sessions = (await post(sc.me, `/v1/screeners/${sc.viewer1.id}/analytics`)).json().results;
    const spent = sessions.reduce((sum: number, r: { time_spent: number }) => sum + r.time_spent, 0);
    expect(Math.abs(res.json().time_spent - spent)).toBeLessThanOrEqual(1);
  });

  it("gives the film's totals, daily series and per-minute heat map", async () => {
    const res = await get(sc.me, `/v1/videos/${sc.video.id}/getVideoOverview`);
    expect(res.statusCode, res.body).toBe(200);
    const today = new Intl.DateTimeFormat('en-CA', { timeZone: 'Asia/Tokyo' }).format(new Date());
    expect(res.json()).toEqual({
      video_id: sc.video.id,
      duration: 120,
      tracking_links: 3,
      viewers_opened: 3,
      sessions: 4,
      views: 3,
      watched_minutes: 1.74,
      clicks: 1,
      average_coverage: 0.29,
      last_active_at: new Date(sc.t0 + 121_000).toISOString(),
      daily: [{ date: today, sessions: 4, views: 3, watched_minutes: 1.74 }],
      heat_map: [
        { minute: 0, viewers: 2 },
        { minute: 1, viewers: 1 },
      ],
    });
  });

  it('says how far the viewers got, and who stopped early', async () => {
    const res = await get(sc.me, `/v1/videos/${sc.video.id}/getViewersOverview`);
    expect(res.statusCode, res.body).toBe(200);
    const body = res.json();
    expect(body).toMatchObject({ invited: 3, opened: 3, watched_half: 1, finished: 0 });
    expect(body.stopped_early).toMatchObject([
      {
        tracking_link_id: sc.viewer1.id,
        viewer_email: 'ines@festival.test',
        generated_by: 'access_url',
        coverage: 0.367,
        sessions: 2,
      },
      { tracking_link_id: sc.viewer3.id, coverage: 0, watched_minutes: 0, sessions: 1 },
    ]);
    // The viewer's own figure (list and page) reads as the overview's: rounded once, the same way.
    const link = (await get(sc.me, `/v1/screeners/${sc.viewer1.id}`)).json().screener;
    expect(link.watched_minutes).toBe(body.stopped_early[0].watched_minutes);
    expect(link.watched_minutes).not.toBe(Math.round(link.watched_minutes * 10) / 10);
  });

  it('breaks the sessions down by country, device and browser', async () => {
    const res = await get(sc.me, `/v1/videos/${sc.video.id}/getClientSideOverviewOfViewers`);
    expect(res.statusCode, res.body).toBe(200);
    const body = res.json();
    expect(body.countries).toEqual([
      { value: 'GB', sessions: 2, views: 2, watched_minutes: 1.41 },
      { value: 'US', sessions: 2, views: 1, watched_minutes: 0.33 },
    ]);
    expect(body.devices).toEqual([
      { value: 'desktop', sessions: 3, views: 2, watched_minutes: 1.41 },
      { value: 'mobile', sessions: 1, views: 1, watched_minutes: 0.33 },
    ]);
    // By name: versions are the session list's detail, not a browser of their own.
    expect(body.browsers).toEqual([
      { value: 'Chrome', sessions: 2, views: 1, watched_minutes: 0.4 },
      { value: 'Firefox', sessions: 1, views: 1, watched_minutes: 1.01 },
      { value: 'Safari', sessions: 1, views: 1, watched_minutes: 0.33 },
    ]);
    const older = await t.db.$client.query(
      `INSERT INTO video_audience (video_id, dimension, value, sessions, views, watched_seconds)
       VALUES ($1, 'browser', 'Chrome 125', 2, 1, 30) RETURNING value`,
      [sc.video.id],
    );
    try {
      const merged = (await get(sc.me, `/v1/videos/${sc.video.id}/getClientSideOverviewOfViewers`)).json();
      expect(merged.browsers[0]).toEqual({ value: 'Chrome', sessions: 4, views: 2, watched_minutes: 0.9 });
    } finally {
      await t.db.$client.query(`DELETE FROM video_audience WHERE video_id = $1 AND value = $2`, [
        sc.video.id,
        older.rows[0].value,
      ]);
    }
  });

  it("shows every film's headline figures for the library", async () => {
    const res = await post(sc.me, '/v1/videos/getOverviewOfAvlVideos', {});
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().results).toEqual([
      {
        video_id: sc.video.id,
        tracking_links: 3,
        viewers_opened: 3,
        sessions: 4,
        views: 3,
        watched_minutes: 1.74,
        average_coverage: 0.29,
        last_active_at: new Date(sc.t0 + 121_000).toISOString(),
      },
    ]);
  });

  it("never counts the owner's preview", async () => {
    const preview = await get(sc.me, `/v1/screeners/${sc.video.id}/getPreviewAccessUrl`);
    const url =
      preview.statusCode === 200
        ? preview.json().url
        : (await post(sc.me, `/v1/screeners/${sc.video.id}/getPreviewAccessUrl`)).json().url;
    const p = await openSession(url.split('/watch/')[1], CHROME, GB, sc.me.headers);
    await p.send([
      { seq: 0, type: 'play', at: Date.now(), position: 0 },
      { seq: 1, type: 'progress', at: Date.now(), position: 100, data: { from: 0 } },
    ]);
    const overview = (await get(sc.me, `/v1/videos/${sc.video.id}/getVideoOverview`)).json();
    expect(overview).toMatchObject({ tracking_links: 3, sessions: 4, views: 3, watched_minutes: 1.74 });
  });

  it('never ends a session before it started, whatever the viewer’s clock says', async () => {
    const me = await t.signUp();
    const { video } = await createPlayableFilm(t, me.id);
    const link = await linkFor(me, video.id, 'late@clock.test');
    const slow = await openSession(link.token, CHROME, GB);
    const tenMinutesAgo = Date.now() - 10 * 60_000;
    await slow.send([
      { seq: 0, type: 'play', at: tenMinutesAgo, position: 0 },
      { seq: 1, type: 'progress', at: tenMinutesAgo + 5000, position: 5, data: { from: 0 } },
      { seq: 2, type: 'unload', at: tenMinutesAgo + 6000, position: 5 },
    ]);
    const [session] = (await post(me, `/v1/screeners/${link.id}/analytics`)).json().results;
    expect(Date.parse(session.end)).toBeGreaterThanOrEqual(Date.parse(session.start));
    expect(session).toMatchObject({ time_spent: 0, watched_minutes: 0.08, live: false });
  });

  it('leaves a laptop’s sleep out of time spent, and the woken page goes on without spending a viewing', async () => {
    const me = await t.signUp();
    const { video } = await createPlayableFilm(t, me.id);
    const link = await linkFor(me, video.id, 'lid@closed.test', { usage_limit: 1 });
    const page = await openSession(link.token, CHROME, GB);
    // Watched a minute, then the lid closed for nine.
    await backdate(page.sessionId, 10 * 60_000, 9 * 60_000);
    const woken = await page.heartbeat();
    expect(woken.statusCode, woken.body).toBe(200);
    const now = Date.now();
    await page.send([
      { seq: 0, type: 'pause', at: now, position: 61 },
      { seq: 1, type: 'unload', at: now + 1000, position: 61 },
    ]);
    const [session] = (await post(me, `/v1/screeners/${link.id}/analytics`)).json().results;
    expect(Date.parse(session.end) - Date.parse(session.start)).toBeGreaterThan(9 * 60_000);
    expect(session.time_spent).toBeGreaterThanOrEqual(60);
    expect(session.time_spent).toBeLessThanOrEqual(64);
    const totals = (await get(me, `/v1/screeners/${link.id}/analyticsOfAllSessions`)).json();
    expect(totals).toMatchObject({ sessions: 1, time_spent: session.time_spent });
  });

  it('leaves the silence out when the woken page’s first word is its goodbye', async () => {
    const me = await t.signUp();
    const { video } = await createPlayableFilm(t, me.id);
    const link = await linkFor(me, video.id, 'beacon@closed.test');
    const page = await openSession(link.token, CHROME, GB);
    await backdate(page.sessionId, 10 * 60_000, 9 * 60_000);
    await page.send([{ seq: 0, type: 'unload', at: Date.now(), position: 61 }]);
    const [session] = (await post(me, `/v1/screeners/${link.id}/analytics`)).json().results;
    expect(session.time_spent).toBeGreaterThanOrEqual(60);
    expect(session.time_spent).toBeLessThanOrEqual(63);
  });

  it('counts a pause shorter than two minutes without a heartbeat as time on the page', async () => {
    const me = await t.signUp();
    const { video } = await createPlayableFilm(t, me.id);
    const link = await linkFor(me, video.id, 'short@pause.test');
    const page = await openSession(link.token, CHROME, GB);
    await backdate(page.sessionId, 3 * 60_000, 90_000);
    expect((await page.heartbeat()).statusCode).toBe(200);
    const [session] = (await post(me, `/v1/screeners/${link.id}/analytics`)).json().results;
    expect(session.time_spent).toBeGreaterThanOrEqual(180);
    expect(session.time_spent).toBeLessThanOrEqual(183);
  });

  it('ends a session the server stopped (the player says so), rather than showing it live', async () => {
    const me = await t.signUp();
    const { video } = await createPlayableFilm(t, me.id);
    const link = await linkFor(me, video.id, 'cut@off.test');
    const cut = await openSession(link.token, CHROME, GB);
    const at = Date.now();
    await cut.send([
      { seq: 0, type: 'play', at, position: 0 },
      { seq: 1, type: 'pause', at: at + 1000, position: 1, data: { from: 0, stopped: 'revoked' } },
    ]);
    const [session] = (await post(me, `/v1/screeners/${link.id}/analytics`)).json().results;
    expect(session.live).toBe(false);
    // A pause of the viewer's own leaves it live.
    const paused = await openSession(link.token, CHROME, GB);
    await paused.send([
      { seq: 0, type: 'play', at, position: 0 },
      { seq: 1, type: 'pause', at: at + 1000, position: 1, data: { from: 0 } },
    ]);
    const sessions = (await post(me, `/v1/screeners/${link.id}/analytics`)).json().results;
    expect(sessions.map((s: { live: boolean }) => s.live).sort()).toEqual([false, true]);
  });

  it('no longer shows live a session whose link was revoked or ended, though it beat a moment ago', async () => {
    const me = await t.signUp();
    const { video } = await createPlayableFilm(t, me.id);
    const link = await linkFor(me, video.id, 'withdrawn@stopped.test');
    const viewer = await openSession(link.token, CHROME, GB);
    expect((await viewer.heartbeat()).statusCode).toBe(200);
    const live = async () => {
      const [listed] = (await post(me, `/v1/screeners/${link.id}/analytics`)).json().results;
      const replayed = (await get(me, `/v1/screeners/${link.id}/analytics/${viewer.sessionId}`)).json();
      return { list: listed.live, replay: replayed.session.live };
    };
    expect(await live()).toEqual({ list: true, replay: true });

    // Revoked: its playback stops within one heartbeat, so it is no longer shown as being watched.
    const revoked = await post(me, `/v1/screeners/${link.id}/updateStatus`, { status: 'revoked' });
    expect(revoked.statusCode).toBe(200);
    expect((await viewer.heartbeat()).statusCode).toBe(403);
    expect(await live()).toEqual({ list: false, replay: false });

    // Enabled again, its page plays on (its heartbeats are answered again), and it is live again.
    await post(me, `/v1/screeners/${link.id}/updateStatus`, { status: 'active' });
    expect((await viewer.heartbeat()).statusCode).toBe(200);
    expect(await live()).toEqual({ list: true, replay: true });

    // Ended: its end date passed.
    await t.db
      .update(trackingLinks)
      .set({ endsAt: new Date(Date.now() - 1000) })
      .where(eq(trackingLinks.id, link.id));
    expect(await live()).toEqual({ list: false, replay: false });
  });

  it('no longer shows live a session of a disabled anonymous link', async () => {
    const me = await t.signUp();
    const { video } = await createPlayableFilm(t, me.id);
    const created = await post(me, `/v1/videos/${video.id}/createMagicLink`);
    const code = created.json().magicLink.code;
    const made = await t.app.inject({
      method: 'POST',
      url: '/v1/videos/createScreenerUsingMagicCode',
      payload: { code, deviceId: 'device-0123456789abcdef' },
    });
    const token = made.json().token as string;
    const [row] = await t.db
      .select()
      .from(trackingLinks)
      .where(eq(trackingLinks.tokenHash, viewerTokenHash(token)));
    const viewer = await openSession(token, CHROME, GB);
    expect((await viewer.heartbeat()).statusCode).toBe(200);
    const listedLive = async () =>
      (await post(me, `/v1/screeners/${row!.id}/analytics`)).json().results[0].live as boolean;
    expect(await listedLive()).toBe(true);
    expect((await get(me, `/v1/videos/${video.id}/disableLink`)).statusCode).toBe(200);
    expect(await listedLive()).toBe(false);
  });

  it('does not believe a viewer’s clock hours ahead of ours', async () => {
    const me = await t.signUp();
    const { video } = await createPlayableFilm(t, me.id);
    const link = await linkFor(me, video.id, 'early@clock.test');
    const fast = await openSession(link.token, CHROME, GB);
    const threeHoursAhead = Date.now() + 3 * 3600_000;
    await fast.send([
      { seq: 0, type: 'play', at: threeHoursAhead, position: 0 },
      { seq: 1, type: 'progress', at: threeHoursAhead + 5000, position: 5, data: { from: 0 } },
    ]);
    const [session] = (await post(me, `/v1/screeners/${link.id}/analytics`)).json().results;
    expect(Date.parse(session.end)).toBeLessThanOrEqual(Date.now());
    expect(session.time_spent).toBeLessThanOrEqual(5);
    expect(session.watched_minutes).toBe(0.08);
    // The link's own figures (rolled up from the sessions) do not believe it either.
    const totals = (await get(me, `/v1/screeners/${link.id}/analyticsOfAllSessions`)).json();
    expect(Date.parse(totals.last_active_at)).toBeLessThanOrEqual(Date.now());
  });
});

/*
 * A page that loses the network keeps playing its buffer and queues its reports, each with its real
 * time; it sends them once the network is back, most often just after its first heartbeat. The lid of
 * a laptop closed sends nothing in between. Every test below: watched a minute, then nine minutes
 * without a word to the server; the silence is the part of the session left out of its time spent.
 */
describe('a page offline for minutes that played its buffer meanwhile', () => {
  const MIN = 60_000;

  /** Progress reports every 5 s of the viewer's clock, `ahead` ms fast, from `from` (excluded) to `to`. */
  const playing = (from: number, to: number, firstSeq: number, ahead = 0): Ev[] => {
    const events: Ev[] = [];
    for (let at = from + 5000, seq = firstSeq; at <= to; at += 5000, seq++) {
      const position = 60 + (at - from) / 1000;
      events.push({ seq, type: 'progress', at: at + ahead, position, data: { from: position - 5 } });
    }
    return events;
  };

  async function offlineForNineMinutes(email: string) {
    const me = await t.signUp();
    const { video } = await createPlayableFilm(t, me.id);
    const link = await linkFor(me, video.id, email);
    const page = await openSession(link.token, CHROME, GB);
    /** Seconds of the session (start to end) left out of its time spent. */
    const silence = async () => {
      const [session] = (await post(me, `/v1/screeners/${link.id}/analytics`)).json().results;
      const totals = (await get(me, `/v1/screeners/${link.id}/analyticsOfAllSessions`)).json();
      // The link's time spent is its sessions': the same figure, whatever the silence.
      expect(totals).toMatchObject({ sessions: 1, time_spent: session.time_spent });
      return Math.round((Date.parse(session.end) - Date.parse(session.start)) / 1000) - session.time_spent;
    };
    /** Starts the silence: the last word before it is now minus nine minutes. */
    const goOffline = async () => {
      await backdate(page.sessionId, 10 * MIN, 9 * MIN);
      return Date.now() - 9 * MIN;
    };
    return { page, silence, goOffline };
  }

  it('counts the minutes it played as time spent, though its heartbeat came back before its reports', async () => {
    const { page, silence, goOffline } = await offlineForNineMinutes('train@tunnel.test');
    const lastWord = await goOffline();
    expect((await page.heartbeat()).statusCode).toBe(200);
    // The queue goes out a hundred reports at most at a time.
    const queued = playing(lastWord, Date.now(), 0);
    await page.send(queued.slice(0, 60));
    await page.send(queued.slice(60));
    expect(await silence()).toBeLessThanOrEqual(1);
  });

  it('counts the same when its first reports come before its heartbeat', async () => {
    const { page, silence, goOffline } = await offlineForNineMinutes('reports@first.test');
    const lastWord = await goOffline();
    const queued = playing(lastWord, Date.now(), 0);
    await page.send(queued.slice(0, 60));
    await t.container.events.settled();
    expect((await page.heartbeat()).statusCode).toBe(200);
    await page.send(queued.slice(60));
    expect(await silence()).toBeLessThanOrEqual(1);
  });

  it('counts the same when the heartbeat and the queued reports arrive at once', async () => {
    const { page, silence, goOffline } = await offlineForNineMinutes('both@once.test');
    const lastWord = await goOffline();
    const queued = playing(lastWord, Date.now(), 0);
    const [beat] = await Promise.all([page.heartbeat(), page.send(queued.slice(0, 60))]);
    expect(beat.statusCode).toBe(200);
    await page.send(queued.slice(60));
    expect(await silence()).toBeLessThanOrEqual(1);
  });

  it('counts the same when the page, closing, sends its queue newest first and the viewer paused in it', async () => {
    const { page, silence, goOffline } = await offlineForNineMinutes('newest@first.test');
    const lastWord = await goOffline();
    expect((await page.heartbeat()).statusCode).toBe(200);
    // Played two minutes and three more, paused three, played to the end: the goodbye's beacons go
    // newest first.
    const oldest = playing(lastWord, lastWord + 2 * MIN, 0);
    const middle = playing(lastWord + 2 * MIN, lastWord + 5 * MIN, oldest.length);
    const newest = playing(lastWord + 8 * MIN, Date.now(), oldest.length + middle.length);
    for (const batch of [newest, middle, oldest]) await page.send(batch);
    // The pause alone: from the last report before it to the first after it.
    expect(await silence()).toBeGreaterThanOrEqual(184);
    expect(await silence()).toBeLessThanOrEqual(186);
  });

  it('still leaves out a sleep, though reports queued just before it are sent after it', async () => {
    const { page, silence, goOffline } = await offlineForNineMinutes('lid@asleep.test');
    const lastWord = await goOffline();
    expect((await page.heartbeat()).statusCode).toBe(200);
    await page.send([
      ...playing(lastWord - 5000, lastWord + 5000, 0), // the last reports before the lid closed
      { seq: 2, type: 'play', at: Date.now(), position: 70 },
    ]);
    // Nine minutes but the five seconds the page was still playing.
    expect(await silence()).toBeGreaterThanOrEqual(534);
    expect(await silence()).toBeLessThanOrEqual(541);
  });

  it('believes a clock running fast only as far as the page has shown it is ahead of ours', async () => {
    const { page, silence, goOffline } = await offlineForNineMinutes('fast@clock.test');
    const ahead = 3 * MIN;
    // Online, its reports came with times three minutes ahead of ours.
    await page.send([{ seq: 0, type: 'play', at: Date.now() + ahead, position: 0 }]);
    const lastWord = await goOffline();
    expect((await page.heartbeat()).statusCode).toBe(200);
    const queued = playing(lastWord, Date.now(), 1, ahead);
    // The first batch holds only reports from the start of the silence: none ahead of our clock.
    await page.send(queued.slice(0, 60));
    await page.send(queued.slice(60));
    expect(await silence()).toBeLessThanOrEqual(1);
  });

  it('does not let a fast clock stretch the reports queued before a sleep over it', async () => {
    const { page, silence, goOffline } = await offlineForNineMinutes('fast@asleep.test');
    const ahead = 90_000;
    const lastWord = await goOffline();
    expect((await page.heartbeat()).statusCode).toBe(200);
    await page.send([
      ...playing(lastWord - 5000, lastWord + 5000, 0, ahead),
      { seq: 2, type: 'play', at: Date.now() + ahead, position: 70 },
    ]);
    expect(await silence()).toBeGreaterThanOrEqual(534);
    expect(await silence()).toBeLessThanOrEqual(541);
  });
});

/*
 * A page that sends its clock with each batch (`sentAt`) shows how far off ours it is, behind as well as
 * ahead: its reports are read in our time by that much. Every test: watched a minute, then the lid
 * closed for ten minutes; the silence is the part of the session left out of its time spent.
 */
describe('a page that sends its clock with its reports', () => {
  const MIN = 60_000;

  /** Progress reports every 5 s of the viewer's clock, `off` ms off ours, from `from` (excluded) to `to`. */
  const playing = (from: number, to: number, firstSeq: number, off: number): Ev[] => {
    const events: Ev[] = [];
    for (let at = from + 5000, seq = firstSeq; at <= to; at += 5000, seq++) {
      const position = 60 + (at - from) / 1000;
      events.push({ seq, type: 'progress', at: at + off, position, data: { from: position - 5 } });
    }
    return events;
  };

  async function asleepForTenMinutes(email: string, off: number) {
    const me = await t.signUp();
    const { video } = await createPlayableFilm(t, me.id);
    const link = await linkFor(me, video.id, email);
    const page = await openSession(link.token, CHROME, GB);
    const pageClock = () => Date.now() + off;
    await page.send([{ seq: 0, type: 'play', at: pageClock(), position: 0 }], pageClock());
    await backdate(page.sessionId, 11 * MIN, 10 * MIN);
    /** Seconds of the session (start to end) left out of its time spent. */
    const silence = async () => {
      const [session] = (await post(me, `/v1/screeners/${link.id}/analytics`)).json().results;
      const totals = (await get(me, `/v1/screeners/${link.id}/analyticsOfAllSessions`)).json();
      expect(totals).toMatchObject({ sessions: 1, time_spent: session.time_spent });
      return Math.round((Date.parse(session.end) - Date.parse(session.start)) / 1000) - session.time_spent;
    };
    return { page, pageClock, silence };
  }

  it('counts the whole sleep of a clock three minutes slow when its first reports come before its heartbeat', async () => {
    const { page, pageClock, silence } = await asleepForTenMinutes('slow@first.test', -3 * MIN);
    await page.send([{ seq: 1, type: 'play', at: pageClock(), position: 60 }], pageClock());
    expect(await silence()).toBeGreaterThanOrEqual(598);
    expect(await silence()).toBeLessThanOrEqual(602);
  });

  it('gives back none of the sleep a heartbeat counted for the reports a slow clock wrote after it', async () => {
    const lag = 3 * MIN;
    const { page, pageClock, silence } = await asleepForTenMinutes('slow@woken.test', -lag);
    expect((await page.heartbeat()).statusCode).toBe(200);
    await t.container.events.settled();
    // As if the heartbeat had broken the silence three minutes ago: the page has played since.
    const threeMinutesBack = sql`- interval '3 minutes'`;
    await t.db
      .update(watchSessions)
      .set({
        startedAt: sql`${watchSessions.startedAt} ${threeMinutesBack}`,
        lastSeenAt: sql`${watchSessions.lastSeenAt} ${threeMinutesBack}`,
        silenceFrom: sql`${watchSessions.silenceFrom} ${threeMinutesBack}`,
        silenceTo: sql`${watchSessions.silenceTo} ${threeMinutesBack}`,
      })
      .where(eq(watchSessions.id, page.sessionId));
    const woke = Date.now() - lag;
    const played = playing(woke, Date.now(), 1, -lag);
    // The page's clock read three minutes behind ours, batch by batch as it sent them.
    await page.send(played.slice(0, 12), pageClock());
    await page.send(played.slice(12, 24), pageClock());
    await page.send(played.slice(24), pageClock());
    expect(await silence()).toBeGreaterThanOrEqual(598);
    expect(await silence()).toBeLessThanOrEqual(602);
  });

  it('reads a clock three minutes fast as before, its lead now measured', async () => {
    const ahead = 3 * MIN;
    const { page, pageClock, silence } = await asleepForTenMinutes('fast@measured.test', ahead);
    expect((await page.heartbeat()).statusCode).toBe(200);
    await page.send([{ seq: 1, type: 'play', at: pageClock(), position: 60 }], pageClock());
    expect(await silence()).toBeGreaterThanOrEqual(598);
    expect(await silence()).toBeLessThanOrEqual(602);
  });

  it('believes a clock hours off ours only five minutes off, and takes its batch', async () => {
    const { page, silence } = await asleepForTenMinutes('far@off.test', 0);
    // Three hours behind by its word, but its reports come at our time: read five minutes late at
    // most, never past the moment they arrived, they break the silence where they are.
    const now = Date.now();
    const sent = await page.send([{ seq: 1, type: 'play', at: now, position: 60 }], now - 3 * 3600_000);
    expect(sent).toEqual({ accepted: 1, duplicates: 0 });
    expect(await silence()).toBeGreaterThanOrEqual(598);
    expect(await silence()).toBeLessThanOrEqual(602);
  });
});

/*
 * A session's last sign of life is kept in our clock, whatever the page's: a later silence is measured
 * from it. Each test: the page reports once, then everything it did is moved ten minutes back (a real
 * ten-minute silence), and its heartbeat breaks the silence.
 */
describe('a silence after reports from a clock running fast', () => {
  const MIN = 60_000;

  async function silentTenMinutesAfterReporting(email: string, ahead: number) {
    const me = await t.signUp();
    const { video } = await createPlayableFilm(t, me.id);
    const link = await linkFor(me, video.id, email);
    const page = await openSession(link.token, CHROME, GB);
    await page.send([{ seq: 0, type: 'play', at: Date.now() + ahead, position: 0 }]);
    await t.container.events.settled();
    const [reported] = (await post(me, `/v1/screeners/${link.id}/analytics`)).json().results;
    const totals = (await get(me, `/v1/screeners/${link.id}/analyticsOfAllSessions`)).json();
    const afterReporting = { end: Date.parse(reported.end), lastActiveAt: Date.parse(totals.last_active_at) };
    await t.db
      .update(watchSessions)
      .set({
        startedAt: sql`${watchSessions.startedAt} - interval '10 minutes'`,
        lastSeenAt: sql`${watchSessions.lastSeenAt} - interval '10 minutes'`,
      })
      .where(eq(watchSessions.id, page.sessionId));
    expect((await page.heartbeat()).statusCode).toBe(200);
    const [session] = (await post(me, `/v1/screeners/${link.id}/analytics`)).json().results;
    const silentSeconds =
      Math.round((Date.parse(session.end) - Date.parse(session.start)) / 1000) - session.time_spent;
    return { afterReporting, silentSeconds };
  }

  it('counts the whole silence after a clock three minutes fast, and shows its activity at our time', async () => {
    const before = Date.now();
    const { afterReporting, silentSeconds } = await silentTenMinutesAfterReporting(
      'fast@then.silent',
      3 * MIN,
    );
    expect(silentSeconds).toBeGreaterThanOrEqual(598);
    expect(silentSeconds).toBeLessThanOrEqual(602);
    expect(afterReporting.end).toBeLessThanOrEqual(Date.now());
    expect(afterReporting.lastActiveAt).toBeGreaterThanOrEqual(before - 1000);
    expect(afterReporting.lastActiveAt).toBeLessThanOrEqual(Date.now());
  });

  it('counts the same after a clock that is right', async () => {
    const { silentSeconds } = await silentTenMinutesAfterReporting('right@then.silent', 0);
    expect(silentSeconds).toBeGreaterThanOrEqual(598);
    expect(silentSeconds).toBeLessThanOrEqual(602);
  });
});

describe('analytics: owner scoping and bad input', () => {
  it("answers 404 for another presenter's links, sessions and films, and for a session of another link", async () => {
    const sc = await recordScenario();
    const stranger = await t.signUp();
    for (const url of [
      `/v1/screeners/${sc.viewer1.id}/analytics/${sc.a.sessionId}`,
      `/v1/screeners/${sc.viewer1.id}/analyticsOfAllSessions`,
      `/v1/videos/${sc.video.id}/getVideoOverview`,
      `/v1/videos/${sc.video.id}/getViewersOverview`,
      `/v1/videos/${sc.video.id}/getClientSideOverviewOfViewers`,
    ]) {
      expect((await get(stranger, url)).statusCode, url).toBe(404);
    }
    expect((await post(stranger, `/v1/screeners/${sc.viewer1.id}/analytics`)).statusCode).toBe(404);
    expect((await post(stranger, '/v1/videos/getOverviewOfAvlVideos', {})).json()).toEqual({ results: [] });
    // The owner asking for viewer 2's session under viewer 1's link.
    const crossed = await get(sc.me, `/v1/screeners/${sc.viewer1.id}/analytics/${sc.c.sessionId}`);
    expect(crossed.statusCode).toBe(404);
    expect(crossed.json().message).toBe('This session does not exist.');
  });

  it('refuses malformed ids and paging with a message naming the field', async () => {
    const me = await t.signUp();
    const bad = await get(me, '/v1/videos/not-a-uuid/getVideoOverview');
    expect(bad.statusCode).toBe(400);
    expect(bad.json().message).toMatch(/id/);
    const { video } = await createPlayableFilm(t, me.id);
    const link = await linkFor(me, video.id, 'x@y.test');
    const paging = await post(me, `/v1/screeners/${link.id}/analytics`, { limit: 1000, order: 'sideways' });
    expect(paging.statusCode).toBe(400);
    expect(paging.json().message).toMatch(/limit|order/);
    // The range message of spec section 5, as every paged list gives it.
    expect(paging.json().errors).toContainEqual({ field: 'limit', message: MESSAGES.range(1, 100) });
    const session = await get(me, `/v1/screeners/${link.id}/analytics/123`);
    expect(session.statusCode).toBe(400);
    expect(session.json().message).toMatch(/session id/i);
    // A film nobody has opened yet: zeros, and a heat map of empty minutes.
    const empty = (await get(me, `/v1/videos/${video.id}/getVideoOverview`)).json();
    expect(empty).toMatchObject({ sessions: 0, views: 0, average_coverage: 0, daily: [] });
    expect(empty.heat_map).toEqual([
      { minute: 0, viewers: 0 },
      { minute: 1, viewers: 0 },
    ]);
  });

  it('requires a signed-in presenter', async () => {
    const res = await t.app.inject({ method: 'POST', url: '/v1/videos/getOverviewOfAvlVideos', payload: {} });
    expect(res.statusCode).toBe(401);
  });
});
