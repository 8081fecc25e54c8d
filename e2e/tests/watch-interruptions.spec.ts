import {
  type APIRequestContext,
  expect,
  type Page,
  request as playwrightRequest,
  test,
} from '@playwright/test';
import { uniqueEmail } from '../support/auth';
import { E2E } from '../support/env';
import { auth, createTrackingLink, presenterWithEncryptedSample } from '../support/films';
import { pathOf } from '../support/viewer';

/**
 * What happens to a viewing when real life interrupts it: a long pause, the network
 * gone, a reload, a second tab. One presenter and film for all (encrypting a film takes a while);
 * `page.clock` stands in for the long waits.
 */
test.describe.configure({ mode: 'serial', timeout: 60_000 });

let api: APIRequestContext;
let presenter: Awaited<ReturnType<typeof presenterWithEncryptedSample>>;
test.beforeAll(async () => {
  test.setTimeout(150_000);
  api = await playwrightRequest.newContext({ baseURL: E2E.baseUrl });
  presenter = await presenterWithEncryptedSample(api);
});
test.afterAll(async () => api.dispose());

const currentTime = (page: Page) =>
  page.getByTestId('watch-video').evaluate((v: HTMLVideoElement) => v.currentTime);
const paused = (page: Page) => page.getByTestId('watch-video').evaluate((v: HTMLVideoElement) => v.paused);

async function sessionsOf(linkId: string) {
  const res = await api.post(`/v1/screeners/${linkId}/analytics`, {
    headers: auth(presenter.token),
    data: { page: 1, limit: 20 },
  });
  expect(res.ok(), await res.text()).toBeTruthy();
  return (await res.json()).results as {
    session_id: string;
    time_spent: number;
    events: number;
    views: number;
    watched_minutes: number;
    live: boolean;
  }[];
}

async function newLink(body: { usage_limit?: number } = {}) {
  return createTrackingLink(api, presenter.token, {
    video_id: presenter.videoId,
    viewer_email: uniqueEmail('programmer'),
    ...body,
  });
}

async function playLooping(page: Page, accessUrl: string) {
  await page.goto(pathOf(accessUrl));
  await page.getByTestId('watch-video').evaluate((v: HTMLVideoElement) => {
    v.loop = true;
  });
  await page.getByRole('button', { name: 'Play the film' }).click();
  await expect.poll(() => currentTime(page), { timeout: 20_000 }).toBeGreaterThan(1);
}

/**
 * The session's events once its page closed: numbered 0, 1, 2… with none missing and none twice, its
 * goodbye last, and as many as the session counts.
 */
async function expectEveryEventOnce(linkId: string) {
  let events: { seq: number; type: string }[] = [];
  await expect
    .poll(async () => {
      const [session] = await sessionsOf(linkId);
      const res = await api.get(`/v1/screeners/${linkId}/analytics/${session!.session_id}`, {
        headers: auth(presenter.token),
      });
      events = (await res.json()).events;
      return events.at(-1)?.type;
    })
    .toBe('unload');
  expect(events.map((e) => e.seq)).toEqual(events.map((_, i) => i));
  expect((await sessionsOf(linkId))[0]!.events).toBe(events.length);
  return events;
}

async function pause(page: Page) {
  await page.keyboard.press('k');
  await expect.poll(() => paused(page)).toBe(true);
}

/** Play again, see the film move, then close the page: every event of the session arrived once. */
async function playOnAndLeave(page: Page, linkId: string) {
  await page.keyboard.press('k');
  const at = await currentTime(page);
  await expect.poll(() => currentTime(page)).not.toBe(at);
  await page.clock.runFor(6000);
  await page.close({ runBeforeUnload: true });
  await expectEveryEventOnce(linkId);
}

test('an hour paused, then play: the film goes on in the same session, every event counted once', async ({
  page,
}) => {
  const link = await newLink();
  await page.clock.install();
  await playLooping(page, link.access_url);
  await pause(page);
  await page.clock.runFor('01:00:00'); // lunch: heartbeats go on all along
  await playOnAndLeave(page, link.id);
  const sessions = await sessionsOf(link.id);
  expect(sessions).toHaveLength(1);
  expect(sessions[0]).toMatchObject({ views: 1, live: false });
});

test('the network lost for 90 s while paused: told, then the film plays on, every event counted once', async ({
  page,
  context,
}) => {
  const link = await newLink();
  await page.clock.install();
  await playLooping(page, link.access_url);
  await pause(page);
  await context.setOffline(true);
  await expect(page.getByTestId('watch-connection-lost')).toBeVisible();
  for (let i = 0; i < 9; i++) await page.clock.runFor(10_000);
  await page.getByRole('heading', { name: 'A Screenroom sample' }).click(); // an event queued offline
  await context.setOffline(false);
  await page.clock.runFor(6000);
  await expect(page.getByTestId('watch-connection-lost')).toHaveCount(0);
  await playOnAndLeave(page, link.id);
  expect(await sessionsOf(link.id)).toHaveLength(1);
});

const setVisibility = (page: Page, state: 'hidden' | 'visible') =>
  page.evaluate((s) => {
    Object.defineProperty(document, 'visibilityState', { value: s, configurable: true });
    document.dispatchEvent(new Event('visibilitychange'));
  }, state);

test('a tab duplicated while hidden goes on with the session, and the first says so in words', async ({
  page,
}) => {
  const link = await newLink();
  await page.clock.install();
  await playLooping(page, link.access_url);
  // Hidden, the page leaves its tab the record a reload goes on with; a duplicate of the tab copies it.
  await setVisibility(page, 'hidden');
  const [second] = await Promise.all([
    page.context().waitForEvent('page'),
    page.evaluate((path) => window.open(path), pathOf(link.access_url)),
  ]);
  await second.getByRole('button', { name: 'Play the film' }).click();
  await expect.poll(() => currentTime(second), { timeout: 20_000 }).toBeGreaterThan(1);

  await setVisibility(page, 'visible');
  await page.clock.runFor(16_000);
  await expect(page.getByRole('heading', { name: 'Your viewing session ended' })).toBeVisible();
  await expect(
    page.getByText('This viewing went on in another tab or window. Watch again to watch here instead.'),
  ).toBeVisible();
  await expect(page.getByRole('button', { name: 'Watch again' })).toBeVisible();
  // The second tab plays on in the one session.
  const at = await currentTime(second);
  await expect.poll(() => currentTime(second)).not.toBe(at);
  expect(await sessionsOf(link.id)).toHaveLength(1);
});

test('the network lost for five minutes while playing: the viewer is told, and the film goes on after', async ({
  page,
  context,
}) => {
  const link = await newLink();
  await page.clock.install();
  // The second segment is held until the network goes, so the film needs the network to go on.
  let release: () => void = () => undefined;
  const held = new Promise<void>((resolve) => {
    release = resolve;
  });
  let holding = true;
  await page.route(/\/segments\/[^/]+\/seg_00001/, async (route) => {
    if (!holding) return route.continue();
    holding = false;
    await held;
    return route.abort('internetdisconnected');
  });
  await page.goto(pathOf(link.access_url));
  await page.getByRole('button', { name: 'Play the film' }).click();
  await expect.poll(() => currentTime(page), { timeout: 20_000 }).toBeGreaterThan(0.5);
  await expect.poll(() => holding).toBe(false);
  await context.setOffline(true);
  release();

  const lost = page.getByTestId('watch-connection-lost');
  await expect(lost).toHaveText('The connection is lost. The film goes on by itself once it is back.');
  for (let i = 0; i < 30; i++) await page.clock.runFor(10_000); // five minutes
  await expect(lost).toBeVisible();
  await expect(page.getByRole('alert')).toHaveCount(0);
  await page.screenshot({ path: 'screenshots/watch-connection-lost.png' });

  await context.setOffline(false);
  await page.clock.runFor(20_000);
  await expect(lost).toHaveCount(0);
  await expect.poll(() => currentTime(page), { timeout: 20_000 }).toBeGreaterThan(2.5);
});

test('the film’s playlist refused as the page opens (a server hiccup): the player asks again and it plays', async ({
  page,
}) => {
  const link = await newLink();
  // Four refusals: the early stream's request and its retry, then the player's own and its retry.
  let refusals = 4;
  await page.route(/\/master\.m3u8/, (route) =>
    refusals-- > 0 ? route.fulfill({ status: 503, body: 'busy' }) : route.continue(),
  );
  await page.goto(pathOf(link.access_url));
  await page.getByRole('button', { name: 'Play the film' }).click();
  await expect.poll(() => currentTime(page), { timeout: 20_000 }).toBeGreaterThan(1);
  expect(refusals).toBeLessThan(0);
});

test('a tab left in the background for half an hour, its timers throttled to once a minute, plays on when back', async ({
  page,
}) => {
  const link = await newLink();
  await page.clock.install();
  const beats: number[] = [];
  page.on('response', (r) => {
    if (r.url().endsWith('/heartbeat')) beats.push(r.status());
  });
  await playLooping(page, link.access_url);
  await pause(page);
  await setVisibility(page, 'hidden');
  // Chromium's intensive throttling: a hidden page's timers run at most once a minute.
  await page.clock.pauseAt((await page.evaluate(() => Date.now())) + 1000);
  for (let i = 0; i < 30; i++) await page.clock.fastForward(60_000);
  await expect.poll(() => beats.length).toBeGreaterThanOrEqual(30);
  await page.clock.resume();
  await setVisibility(page, 'visible');
  await page.keyboard.press('k');
  const at = await currentTime(page);
  await expect.poll(() => currentTime(page)).not.toBe(at);
  expect(beats.every((status) => status === 200)).toBe(true);
  await page.close({ runBeforeUnload: true });
  await expectEveryEventOnce(link.id);
  expect(await sessionsOf(link.id)).toHaveLength(1);
});
