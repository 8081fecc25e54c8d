/**
 * Analytics reads at scale: a realistic data set (1,000 tracking links of one 90-minute film; 2,000 sessions
 * and 100,000 events, then 20,000 sessions and 1,000,000 events) written through the production code
 * (the watch module's session rollups and its event store), then each overview call timed with
 * autocannon against a bare signed-in GET route (`/auth/getAuthPresenter`) of the same server in the same
 * run. Targets: each overview at most 5× the bare route's mean latency at 1M events, and growing at most
 * 2× from 100k to 1M events.
 *
 *   npm run build && npm run bench:analytics      (BENCH_ANALYTICS_SECONDS=5 per route by default)
 */
import { mkdtemp, rm } from 'node:fs/promises';
import path from 'node:path';
import autocannon from 'autocannon';
import { createDatabase, type Database } from '../apps/server/src/db/client';
import { startEmbeddedPostgres } from '../apps/server/src/db/embedded-postgres';
import { TrackingLinksRepository } from '../apps/server/src/modules/tracking-links/tracking-links.repository';
import { VideosRepository } from '../apps/server/src/modules/videos/videos.repository';
import { type EventBatch, EventStore } from '../apps/server/src/modules/watch/event-store';
import { WatchRepository } from '../apps/server/src/modules/watch/watch.repository';
import { freePort } from '../apps/server/test/free-port';
import { json, met, root, signIn, startBuiltServer } from './support/built-server';

const SECONDS = Number(process.env.BENCH_ANALYTICS_SECONDS ?? 5);
const CONNECTIONS = 10;
const LINKS = 1_000;
const EVENTS_PER_SESSION = 50;
const FILM_SECONDS = 90 * 60;
const DAYS = 60;
const COUNTRIES = ['FR', 'DE', 'US', 'GB', 'JP', 'KR', 'IT', 'ES', null];
const BROWSERS = ['Chrome 126', 'Safari 17', 'Firefox 128', 'Edge 126'];
const DEVICES = ['desktop', 'mobile', 'tablet'];

/** Deterministic pseudo-random numbers, so every run seeds the same data. */
let state = 42;
const random = () => {
  state = (state * 1_103_515_245 + 12_345) % 2_147_483_648;
  return state / 2_147_483_648;
};
const pick = <T>(items: T[]) => items[Math.floor(random() * items.length)]!;

type Link = { id: string };

/** A viewing: play from somewhere, 5-second progress reports, a seek now and then, a pause, leaving. */
function eventsOf(startedAt: Date): EventBatch['events'] {
  const events: EventBatch['events'] = [];
  let position = random() < 0.6 ? 0 : Math.floor(random() * FILM_SECONDS * 0.8);
  let at = startedAt.getTime() + 2_000;
  events.push({ seq: 0, type: 'play', at, position });
  for (let seq = 1; seq < EVENTS_PER_SESSION - 1; seq++) {
    at += 5_000;
    if (seq % 17 === 0) {
      const to = Math.floor(random() * (FILM_SECONDS - 60));
      events.push({ seq, type: 'seek', at, position: to, data: { from: position, at: position + 1 } });
      position = to;
    } else if (seq % 23 === 0) {
      events.push({ seq, type: pick(['click', 'visibility', 'quality'] as const), at, position });
    } else {
      const from = position;
      position = Math.min(FILM_SECONDS, position + 5);
      events.push({ seq, type: 'progress', at, position, data: { from } });
    }
  }
  events.push({ seq: EVENTS_PER_SESSION - 1, type: 'unload', at: at + 1_000, position });
  return events;
}

/** Opens `count` sessions across the links (as the watch service does), then writes their events. */
async function seed(db: Database, videoId: string, presenterId: string, links: Link[], count: number) {
  const trackingLinks = new TrackingLinksRepository(db);
  const watch = new WatchRepository(db);
  const store = new EventStore(db);
  const opened: EventBatch[] = [];
  const open = async (i: number) => {
    const link = links[Math.floor(random() * links.length)]!;
    const startedAt = new Date(Date.now() - random() * DAYS * 86_400_000);
    const seen = { at: startedAt, country: pick(COUNTRIES), device: pick(DEVICES), browser: pick(BROWSERS) };
    const sessions = await trackingLinks.reserveSession(link.id, seen);
    const session = await watch.createSession({
      trackingLinkId: link.id,
      videoId,
      presenterId,
      secretHash: `bench-${i}`,
      startedAt,
      lastSeenAt: startedAt,
      country: seen.country,
      deviceType: seen.device,
      browser: seen.browser,
      os: 'Bench OS',
    });
    if (!session) throw new Error('The bench film was deleted while its sessions were being seeded');
    await watch.recordOpened({ videoId, startedAt, firstOfLink: sessions === 1, audience: seen });
    opened.push({ sessionId: session.id, events: eventsOf(startedAt), duration: FILM_SECONDS });
  };
  for (let i = 0; i < count; i += 8) {
    await Promise.all(Array.from({ length: Math.min(8, count - i) }, (_, k) => open(i + k)));
  }
  // As the group commit would: many sessions' batches in one transaction, two transactions at a time.
  const groups: EventBatch[][] = [];
  for (let i = 0; i < opened.length; i += 20) groups.push(opened.slice(i, i + 20));
  const writer = async () => {
    for (let group = groups.shift(); group; group = groups.shift()) await store.write(group);
  };
  await Promise.all([writer(), writer()]);
}

type Timing = { mean: number; p99: number; rps: number };

async function time(url: string, token: string, method: 'GET' | 'POST', route: string): Promise<Timing> {
  const result = await autocannon({
    url: `${url}${route}`,
    method,
    connections: CONNECTIONS,
    duration: SECONDS,
    headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
    ...(method === 'POST' ? { body: '{}' } : {}),
  });
  if (result.non2xx > 0 || result.errors > 0) {
    throw new Error(`${route}: ${result.non2xx} non-2xx answers and ${result.errors} errors`);
  }
  return { mean: result.latency.mean, p99: result.latency.p99, rps: result.requests.average };
}

async function main() {
  const work = await mkdtemp(path.join(root, '.bench-analytics-'));
  const pg = await startEmbeddedPostgres({
    dataDir: work,
    port: await freePort(),
    log: { info: () => undefined, warn: console.warn, debug: () => undefined },
  });
  const server = await startBuiltServer({ DATABASE_URL: pg.url }, '.bench-analytics-server-');
  const db = createDatabase(pg.url, 10);
  try {
    const token = await signIn(server.url);
    const headers = { authorization: `Bearer ${token}`, 'content-type': 'application/json' };
    const me = await json<{ presenter: { id: string } }>(
      await fetch(`${server.url}/v1/auth/getAuthPresenter`, { headers }),
    );
    const presenterId = me.presenter.id;
    const video = await new VideosRepository(db).create({
      presenterId,
      type: 'upload',
      title: 'Bench Feature',
      description: 'A 90-minute film for the analytics benchmark',
      status: 'encryption-completed',
      durationSeconds: FILM_SECONDS,
    });
    const links: Link[] = [];
    for (let i = 0; i < LINKS; i += 10) {
      const made = await Promise.all(
        Array.from({ length: 10 }, async (_, k) => {
          const made = await json<{ screener: Link }>(
            await fetch(`${server.url}/v1/screeners`, {
              method: 'POST',
              headers,
              body: JSON.stringify({ video_id: video.id, viewer_email: `viewer${i + k}@bench.test` }),
            }),
          );
          return made.screener;
        }),
      );
      links.push(...made);
    }
    const someLink = links[0]!.id;
    const routes: [string, 'GET' | 'POST', string][] = [
      ['bare signed-in GET', 'GET', '/v1/auth/getAuthPresenter'],
      ['getVideoOverview', 'GET', `/v1/videos/${video.id}/getVideoOverview`],
      ['getViewersOverview', 'GET', `/v1/videos/${video.id}/getViewersOverview`],
      ['getClientSideOverviewOfViewers', 'GET', `/v1/videos/${video.id}/getClientSideOverviewOfViewers`],
      ['getOverviewOfAvlVideos', 'POST', '/v1/videos/getOverviewOfAvlVideos'],
      ['analyticsOfAllSessions', 'GET', `/v1/screeners/${someLink}/analyticsOfAllSessions`],
      ['sessions of a link', 'POST', `/v1/screeners/${someLink}/analytics`],
    ];

    const results: Record<string, Record<string, Timing>> = {};
    let sessions = 0;
    for (const [label, total] of [
      ['100k', 2_000],
      ['1M', 20_000],
    ] as const) {
      const started = performance.now();
      await seed(db, video.id, presenterId, links, total - sessions);
      sessions = total;
      const [{ n }] = (await db.$client.query<{ n: string }>('SELECT count(*) AS n FROM watch_events'))
        .rows as [{ n: string }];
      console.log(
        `Seeded ${label}: ${sessions} sessions, ${Number(n).toLocaleString('en')} events (${((performance.now() - started) / 1000).toFixed(0)} s)`,
      );
      await db.$client.query('VACUUM ANALYZE');
      results[label] = {};
      for (const [name, method, route] of routes) {
        await time(server.url, token, method, route); // warm-up pass, discarded
        results[label]![name] = await time(server.url, token, method, route);
      }
    }

    const bare = results['1M']!['bare signed-in GET']!;
    console.log(
      `\n${'route'.padEnd(32)} ${'100k mean'.padStart(10)} ${'1M mean'.padStart(9)} ${'1M p99'.padStart(7)} ${'vs bare'.padStart(8)} ${'growth'.padStart(7)}`,
    );
    let allMet = true;
    for (const [name] of routes) {
      const small = results['100k']![name]!;
      const large = results['1M']![name]!;
      const vsBare = large.mean / bare.mean;
      const growth = large.mean / small.mean;
      if (name !== 'bare signed-in GET') allMet &&= vsBare <= 5 && growth <= 2;
      console.log(
        `${name.padEnd(32)} ${`${small.mean.toFixed(2)} ms`.padStart(10)} ${`${large.mean.toFixed(2)} ms`.padStart(9)} ${`${large.p99} ms`.padStart(7)} ${`${vsBare.toFixed(2)}×`.padStart(8)} ${`${growth.toFixed(2)}×`.padStart(7)}`,
      );
    }
    console.log(`\nEvery overview ≤ 5× the bare route at 1M and growing ≤ 2× from 100k: ${met(allMet)}`);
  } finally {
    await db.$client.end();
    await server.stop();
    await pg.stop();
    await rm(work, { recursive: true, force: true });
  }
}

await main();
