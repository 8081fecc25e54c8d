import { type APIRequestContext, expect, type Page, test } from '@playwright/test';
import { useToken } from '../support/auth';
import { createTrackingLink, presenterWithEncryptedSample } from '../support/films';
import { controlsTooSmallForAFinger } from '../support/touch';

const shots = 'screenshots';
const tokenOf = (accessUrl: string) => new URL(accessUrl).pathname.split('/').filter(Boolean).at(-1) ?? '';

type Step = { type: string; after: number; position: number; data?: Record<string, unknown> };

/** Records a session through the viewer's own API: opens it, then posts its events in one batch. */
async function recordSession(
  request: APIRequestContext,
  linkToken: string,
  startedAt: number,
  steps: Step[],
) {
  const opened = await request.post(`/v1/watch/links/${linkToken}/sessions`, { data: {} });
  expect(opened.ok()).toBeTruthy();
  const { sessionId, playbackToken } = (await opened.json()) as { sessionId: string; playbackToken: string };
  const events = steps.map((s, seq) => ({
    seq,
    type: s.type,
    at: startedAt + s.after * 1000,
    position: s.position,
    ...(s.data ? { data: s.data } : {}),
  }));
  const sent = await request.post(`/v1/watch/sessions/${sessionId}/events?token=${playbackToken}`, {
    data: { events },
  });
  expect(sent.ok()).toBeTruthy();
  return sessionId;
}

const settle = (page: Page) => page.waitForTimeout(400);
const videoTime = (page: Page) =>
  page.getByTestId('replay-video').evaluate((v: HTMLVideoElement) => v.currentTime);

test('a recorded session replays, the film follows the viewer’s jump, and the next session opens at the end', async ({
  browser,
  page,
  request,
}) => {
  test.setTimeout(180_000);
  const presenter = await presenterWithEncryptedSample(request);
  const link = await createTrackingLink(request, presenter.token, {
    video_id: presenter.videoId,
    viewer_name: 'Rita Replay',
    viewer_email: 'rita@films.test',
  });
  const linkToken = tokenOf(link.access_url);
  const base = Date.now() - 120_000;
  // The sample film is 8 s long. First visit: plays 1 s, jumps from 0:01 to 0:06, plays to 0:07,
  // pauses, hides the tab, leaves.
  const first = await recordSession(request, linkToken, base, [
    { type: 'play', after: 0, position: 0 },
    { type: 'seek', after: 1, position: 6, data: { from: 0, at: 1 } },
    { type: 'progress', after: 2, position: 7, data: { from: 6 } },
    { type: 'pause', after: 2, position: 7, data: { from: 6 } },
    { type: 'visibility', after: 3, position: 7, data: { state: 'hidden' } },
    { type: 'unload', after: 4, position: 7 },
  ]);
  // Second visit: plays 0:02 to 0:03 and pauses.
  const second = await recordSession(request, linkToken, base + 60_000, [
    { type: 'play', after: 0, position: 2 },
    { type: 'pause', after: 1, position: 3, data: { from: 2 } },
  ]);

  await useToken(page, presenter.token);
  const pageErrors: string[] = [];
  page.on('pageerror', (error) => pageErrors.push(error.message));
  page.on('console', (m) => m.type() === 'error' && console.log('console:', m.text().slice(0, 500)));
  test
    .info()
    .attach('page errors', { body: () => pageErrors.join('\n') } as never)
    .catch(() => undefined);

  // The film's overview shows who watched.
  await page.goto(`/screeners/${presenter.videoId}/overview`);
  await expect(page.getByTestId('figure-sessions')).toContainText('2');
  await expect(page.getByTestId('figure-views')).toContainText('2');
  await expect(page.getByTestId('figure-viewers-opened')).toContainText('1');
  await expect(page.getByTestId('heat-strip')).toBeVisible();
  // The test film lasts seconds: one cell is the whole film, and the strip says so.
  await expect(page.getByTestId('heat-strip-short-film')).toContainText('lights a whole minute');
  await expect(page.getByTestId('stopped-early')).toContainText('Rita Replay');
  await page.getByTestId('daily-chart').locator('.recharts-surface').waitFor();
  await settle(page);
  await page.screenshot({ path: `${shots}/analytics-overview-desktop.png`, fullPage: true });
  // The figures behind the pictures, for the keyboard and screen readers too.
  // One measure at a time, on one scale: sessions first, watched time at a click.
  await expect(page.getByRole('img', { name: 'Sessions per day' })).toBeVisible();
  await page.getByTestId('daily-chart').getByText('Watched time').click();
  const watchedChart = page.getByRole('img', { name: 'Watched time per day' });
  await expect(watchedChart).toContainText('Watched');
  // Seconds watched read in seconds, each label at its own height: no "0, 0, 0.1" of rounded minutes.
  const ticks = await watchedChart.locator('.recharts-yAxis-tick-labels text').allTextContents();
  expect(ticks.length).toBeGreaterThan(2);
  expect(ticks.every((t) => /^\d+ s$/.test(t))).toBe(true);
  expect(new Set(ticks).size).toBe(ticks.length);
  const heatMap = page.getByTestId('heat-map');
  await heatMap.getByRole('button', { name: 'Show the figures' }).click();
  const minutes = heatMap.getByRole('table', { name: 'Viewers minute by minute' });
  await expect(minutes.getByRole('row').nth(1)).toContainText(/^1\d+$/);
  await expect(page.getByRole('progressbar', { name: /^Opened their link: 1 of \d+$/ })).toBeVisible();
  // A viewer who opened the link and never pressed play stopped earliest of all: said in words.
  const otto = await createTrackingLink(request, presenter.token, {
    video_id: presenter.videoId,
    viewer_name: 'Otto Opened',
    viewer_email: 'otto@films.test',
  });
  const opened = await request.post(`/v1/watch/links/${tokenOf(otto.access_url)}/sessions`, { data: {} });
  expect(opened.ok()).toBeTruthy();
  const stoppedEarly = page.getByTestId('stopped-early');
  await expect(async () => {
    await page.reload();
    await expect(stoppedEarly.getByRole('row', { name: /Otto Opened/ })).toContainText('Did not play', {
      timeout: 2_000,
    });
  }).toPass({ timeout: 20_000 });
  await expect(stoppedEarly.getByRole('row', { name: /Rita Replay/ })).not.toContainText('Did not play');
  await stoppedEarly.screenshot({ path: `${shots}/analytics-stopped-early.png` });

  // The viewer's overview: coverage and both sessions.
  await page.getByTestId('stopped-early').getByRole('link', { name: 'Rita Replay' }).click();
  await expect(page.getByTestId('session-row')).toHaveCount(2);
  await expect(page.getByTestId('coverage-strip')).toBeVisible();
  await settle(page);
  await page.screenshot({ path: `${shots}/analytics-link-desktop.png`, fullPage: true });

  // The library card carries the film's headline figures.
  await page.goto('/screeners');
  await expect(page.getByTestId('video-card-figures')).toContainText('2/2 opened'); // Rita, and Otto who opened without playing

  // Without sid, the replay opens the first session.
  await page.goto(`/analytics/${presenter.videoId}/tracking-links/${link.id}`);
  await expect(page).toHaveURL(new RegExp(`sid=${first}`));
  await expect(page.getByTestId('replay-events')).toContainText('Jumped from 0:01 to 0:06');
  // The replay's settings end where the replay does, not at the page's edge past it.
  const rightEdge = async (testId: string) => {
    const box = (await page.getByTestId(testId).boundingBox())!;
    return Math.round(box.x + box.width);
  };
  expect(
    Math.abs((await rightEdge('replay-settings')) - (await rightEdge('session-replay'))),
  ).toBeLessThanOrEqual(1);
  // The clock beside the viewer's place says whose time it is: a bare 01:50:45 read as a duration.
  await expect(page.getByTestId('viewer-position')).toHaveText(
    /^Viewer at \d+:\d{2} · (playing|paused) · \d{2}:\d{2}:\d{2} your time$/,
  );
  await expect(page.getByTestId('replay-events')).toContainText('Tab hidden');
  await expect(page.getByTestId('replay-session')).toHaveCount(2);
  await page.getByTestId('replay-video').waitFor();
  await settle(page);
  // The picture and the replay's controls under it are one column: the same left and right edges
  // (the picture was narrower and centred, so neither edge lined up).
  const picture = (await page.getByTestId('replay-video').boundingBox())!;
  const controls = (await page
    .getByTestId('session-replay')
    .locator('.mantine-Card-root')
    .first()
    .boundingBox())!;
  expect(Math.abs(picture.x - controls.x)).toBeLessThanOrEqual(1);
  expect(Math.abs(picture.x + picture.width - (controls.x + controls.width))).toBeLessThanOrEqual(1);
  await page.screenshot({ path: `${shots}/analytics-replay-desktop.png`, fullPage: true });

  // Play: the film follows the viewer to where they jumped, and the next session opens at the end.
  await expect
    .poll(() => page.getByTestId('replay-video').evaluate((v: HTMLVideoElement) => v.readyState))
    .toBeGreaterThan(0);
  await page.getByTestId('replay-toggle').click();
  // Played from 0:00 for a second, the film can only be past 0:05.5 by following the jump.
  await expect.poll(() => videoTime(page), { timeout: 10_000, intervals: [100] }).toBeGreaterThan(5.5);
  await expect(page).toHaveURL(new RegExp(`sid=${second}`), { timeout: 20_000 });
  // The second session replays on its own (arrived by auto-jump): the film goes back to 0:02.
  await expect.poll(() => videoTime(page), { timeout: 10_000, intervals: [100] }).toBeLessThan(5);
  await expect(page.locator('[data-testid="replay-session"][data-active]')).toHaveAttribute(
    'data-session-id',
    second,
  );

  // A viewer who never opened their link has nothing to replay.
  const unopened = await createTrackingLink(request, presenter.token, {
    video_id: presenter.videoId,
    viewer_name: 'Nobody Yet',
  });
  await page.goto(`/analytics/${presenter.videoId}/tracking-links/${unopened.id}`);
  await expect(page.getByTestId('replay-empty')).toContainText('Nothing to replay yet');
  await expect(page).not.toHaveURL(/sid=/);
  // No replay, no replay settings.
  await expect(page.getByLabel('Play on open')).toHaveCount(0);

  // A phone's width.
  await page.setViewportSize({ width: 390, height: 844 });
  await page.goto(`/analytics/${presenter.videoId}/tracking-links/${link.id}?sid=${first}`);
  await expect(page.getByTestId('replay-events')).toContainText('Jumped from 0:01 to 0:06');
  await settle(page);
  await page.screenshot({ path: `${shots}/analytics-replay-mobile.png`, fullPage: true });
  // On a touch phone a finger reaches every control: the switches, the speeds, each event to seek to.
  const touch = await browser.newContext({
    viewport: { width: 390, height: 844 },
    hasTouch: true,
    isMobile: true,
  });
  const phone = await touch.newPage();
  await useToken(phone, presenter.token);
  await phone.goto(`/analytics/${presenter.videoId}/tracking-links/${link.id}?sid=${first}`);
  await expect(phone.getByTestId('replay-events')).toContainText('Jumped from 0:01 to 0:06');
  await phone.getByTestId('replay-events').scrollIntoViewIfNeeded();
  expect(await controlsTooSmallForAFinger(phone)).toEqual([]);
  // The link's sessions (each card's Replay) and the film's charts (Show the figures).
  await phone.goto(`/screeners/${presenter.videoId}/tracking-links/${link.id}/overview`);
  await phone.getByTestId('session-row').first().scrollIntoViewIfNeeded();
  expect(await controlsTooSmallForAFinger(phone)).toEqual([]);
  await phone.goto(`/screeners/${presenter.videoId}/overview`);
  await phone.getByTestId('daily-chart').scrollIntoViewIfNeeded();
  await expect(
    phone.getByTestId('daily-chart').getByRole('button', { name: 'Show the figures' }),
  ).toBeVisible();
  expect(await controlsTooSmallForAFinger(phone)).toEqual([]);
  await touch.close();
  await page.goto(`/screeners/${presenter.videoId}/tracking-links/${link.id}/overview`);
  // A card per session rather than a table scrolled sideways.
  await expect(page.getByTestId('session-cards').getByTestId('session-row')).toHaveCount(2);
  await expect(page.getByTestId('sessions-table')).toHaveCount(0);
  await expect(page.getByTestId('session-row').first().getByRole('link', { name: 'Replay' })).toBeVisible();
  await settle(page);
  await page.screenshot({ path: `${shots}/analytics-link-mobile.png`, fullPage: true });
  await page.goto(`/screeners/${presenter.videoId}/overview`);
  await page.getByTestId('daily-chart').locator('.recharts-surface').waitFor();
  await settle(page);
  await page.screenshot({ path: `${shots}/analytics-overview-mobile.png`, fullPage: true });
});

test('a session with an hour without activity replays past it in seconds and says what it skipped', async ({
  page,
  request,
}) => {
  test.setTimeout(120_000);
  const presenter = await presenterWithEncryptedSample(request);
  const link = await createTrackingLink(request, presenter.token, {
    video_id: presenter.videoId,
    viewer_name: 'Paula Paused',
  });
  const idle = 63 * 60; // 1 h 3 min
  const base = Date.now() - (idle + 120) * 1000;
  // Plays 0:00 to 0:03, pauses, comes back 1 h 3 min later and plays 0:05 to 0:07.
  const sessionId = await recordSession(request, tokenOf(link.access_url), base, [
    { type: 'play', after: 0, position: 0 },
    { type: 'progress', after: 2, position: 2, data: { from: 0 } },
    { type: 'pause', after: 3, position: 3, data: { from: 0 } },
    { type: 'play', after: 3 + idle, position: 5 },
    { type: 'pause', after: 5 + idle, position: 7, data: { from: 5 } },
  ]);

  await useToken(page, presenter.token);
  // Tall enough for the whole replay above the plan's banner, for the picture.
  await page.setViewportSize({ width: 1360, height: 1200 });
  await page.goto(`/analytics/${presenter.videoId}/tracking-links/${link.id}?sid=${sessionId}`);
  const skipped = page.getByTestId('replay-skipped');
  await expect(skipped).toHaveText('1 h 3 min without activity (skipped)');
  // The replay lasts its 5 s of activity and 3 s for the hour; the events keep their real times.
  await expect(page.getByTestId('replay-length')).toHaveText('1 h 3 min without activity skipped · 0:08');
  await expect(page.getByTestId('replay-event').filter({ hasText: 'Played from 0:05' })).toContainText(
    '1:03:03',
  );
  await expect
    .poll(() => page.getByTestId('replay-video').evaluate((v: HTMLVideoElement) => v.readyState))
    .toBeGreaterThan(0);

  const started = Date.now();
  await page.getByTestId('replay-toggle').click();
  // Through the hour, the row that says so is the current one.
  await expect(skipped).toHaveAttribute('data-active', 'true', { timeout: 10_000 });
  // Held there for the picture (the theme is dark by default), then on.
  await page.getByTestId('replay-toggle').click();
  await settle(page);
  await page.screenshot({ path: `${shots}/analytics-replay-skipped-dark.png`, fullPage: true });
  await page.getByTestId('replay-toggle').click();
  // Paused at 0:03, the film is past 0:05 only by following the viewer after the hour.
  await expect.poll(() => videoTime(page), { timeout: 10_000, intervals: [100] }).toBeGreaterThan(5);
  await expect(page.getByTestId('session-replay')).toHaveAttribute('data-running', 'false', {
    timeout: 10_000,
  });
  expect(Date.now() - started).toBeLessThan(15_000);
  await expect(page.getByTestId('replay-clock')).toHaveText('0:08');
});
