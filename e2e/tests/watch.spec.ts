import { mkdirSync } from 'node:fs';
import { type APIRequestContext, type Browser, expect, type Page, test } from '@playwright/test';
import { signInByApi, uniqueEmail, useToken } from '../support/auth';
import { E2E } from '../support/env';
import {
  auth,
  createTrackingLink,
  presenterWithEncryptedSample,
  trackingLinkFigures,
} from '../support/films';
import { iPhoneContext, pathOf, viewerPage } from '../support/viewer';

// Each test waits for a film to be encoded and encrypted first.
test.describe.configure({ timeout: 120_000 });

const shots = 'screenshots';
const ONE_PIXEL_PNG = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAABJRU5ErkJggg==',
  'base64',
);
mkdirSync(shots, { recursive: true });

const currentTime = (page: Page) =>
  page.getByTestId('watch-video').evaluate((v: HTMLVideoElement) => v.currentTime);

/** Nothing on the page shows a focus ring: no element matches :focus-visible with an outline drawn. */
const noFocusRing = (page: Page) =>
  page.evaluate(() =>
    [...document.querySelectorAll(':focus-visible')].every(
      (el) => getComputedStyle(el).outlineStyle === 'none',
    ),
  );

/** A viewer opens their link, presses play, and the film runs past `seconds`. */
async function watchUntil(browser: Browser, accessUrl: string, seconds = 1) {
  const page = await viewerPage(browser);
  await page.goto(pathOf(accessUrl));
  await page.getByRole('button', { name: 'Play the film' }).click();
  await expect.poll(() => currentTime(page), { timeout: 20_000 }).toBeGreaterThan(seconds);
  return page;
}

/**
 * Moves the mouse over the picture, as a viewer does to reach the controls: they hide while the film
 * plays, and a slow run easily spends the 2.5 s of idle between pressing play and the next click.
 */
async function showControls(page: Page) {
  const video = page.getByTestId('watch-video');
  await video.hover({ position: { x: 24, y: 24 } });
  await video.hover({ position: { x: 32, y: 32 } });
  await expect(page.locator('.watch-player')).toHaveAttribute('data-controls', 'shown');
}

/**
 * Clicks a control of the playing film as a mouse does. The player was idle while keys were pressed, so
 * its controls may have hidden, and hidden controls let clicks through to the picture (Playwright then
 * waits for good). Moving onto the control brings them back; resting on them keeps them.
 */
async function clickControl(page: Page, name: string | RegExp) {
  const control = page.getByRole('button', { name, exact: typeof name === 'string' });
  await control.hover({ force: true, position: { x: 4, y: 4 } });
  await expect(page.locator('.watch-player')).toHaveAttribute('data-controls', 'shown');
  await control.hover({ force: true });
  await control.click();
}

/**
 * Taps the playing picture to pause it, as a viewer does: a tap while the controls are hidden only brings
 * them back (tested on its own), so that tap comes first. A slow run can let the controls hide again
 * between the two taps; then the second tap only shows them too, and the viewer taps again.
 */
async function tapToPause(page: Page) {
  const video = page.getByTestId('watch-video');
  const player = page.locator('.watch-player');
  const paused = () => video.evaluate((v: HTMLVideoElement) => v.paused);
  await expect(async () => {
    if ((await player.getAttribute('data-controls')) === 'hidden') {
      await video.tap({ position: { x: 60, y: 40 } });
      await expect(player).toHaveAttribute('data-controls', 'shown');
    }
    if (!(await paused())) await video.tap({ position: { x: 60, y: 40 } });
    await expect.poll(paused, { timeout: 3_000 }).toBe(true);
  }).toPass({ timeout: 20_000 });
}

/** A presenter with a freshly encrypted sample, and a buyer's link to it. */
async function buyerLink(request: APIRequestContext) {
  const presenter = await presenterWithEncryptedSample(request, { withoutSubtitles: true });
  const link = await createTrackingLink(request, presenter.token, {
    video_id: presenter.videoId,
    viewer_email: uniqueEmail('buyer'),
  });
  return { presenter, link };
}

/** Opens a link on `page`, with the film set to loop: the sample is short, and must keep playing. */
async function openLooping(page: Page, accessUrl: string) {
  await page.goto(pathOf(accessUrl));
  await page.getByTestId('watch-video').evaluate((v: HTMLVideoElement) => {
    v.loop = true;
  });
}

test('an invited viewer watches the encrypted film and the session is counted', async ({
  browser,
  request,
}) => {
  const presenter = await presenterWithEncryptedSample(request, { withoutSubtitles: true });
  const viewerEmail = uniqueEmail('programmer');
  const link = await createTrackingLink(request, presenter.token, {
    video_id: presenter.videoId,
    viewer_name: 'Lea Programmer',
    viewer_email: viewerEmail,
  });

  const page = await viewerPage(browser);
  const keys: number[] = [];
  let masterPlaylists = 0;
  page.on('response', (response) => {
    if (/\/v1\/watch\/sessions\/[^/]+\/keys\//.test(response.url())) keys.push(response.status());
    if (/\/master\.m3u8\?/.test(response.url())) masterPlaylists++;
  });
  await page.goto(pathOf(link.access_url));
  await expect(page.getByRole('heading', { name: 'A Screenroom sample' })).toBeVisible();
  await expect(page.getByText('Private screener for Lea Programmer')).toBeVisible();
  await page.screenshot({ path: `${shots}/watch-ready.png` });
  // On a phone too: the header is the one place the page says whom the screener is for.
  await page.setViewportSize({ width: 390, height: 844 });
  await expect(page.getByText('Private screener for Lea Programmer')).toBeVisible();
  // Where the header's words wrap, the viewer's name stays whole on one line.
  const nameLines = await page.locator('.watch-header').evaluate((header) => {
    const walker = document.createTreeWalker(header, NodeFilter.SHOW_TEXT);
    for (let node = walker.nextNode(); node; node = walker.nextNode()) {
      const at = node.textContent!.indexOf('Lea Programmer');
      if (at < 0) continue;
      const range = document.createRange();
      range.setStart(node, at);
      range.setEnd(node, at + 'Lea Programmer'.length);
      return new Set([...range.getClientRects()].map((r) => Math.round(r.top))).size;
    }
    return 0;
  });
  expect(nameLines).toBe(1);
  await page.locator('.watch-header').screenshot({ path: `${shots}/watch-header-phone.png` });
  await page.setViewportSize({ width: 1280, height: 720 });

  await page.getByRole('button', { name: 'Play the film' }).click();
  await expect.poll(() => currentTime(page), { timeout: 20_000 }).toBeGreaterThan(2);
  // Each segment's key came from the key endpoint, to this live session.
  expect(keys.length).toBeGreaterThan(0);
  expect(keys.every((status) => status === 200)).toBe(true);
  await showControls(page);
  await page.screenshot({ path: `${shots}/watch-playing.png` });

  // The stream began loading as the session opened (main.tsx) and the player took it over: one master
  // playlist, and its renditions in the quality menu even though they were read before the player listened.
  expect(masterPlaylists).toBe(1);
  const settings = page.getByRole('button', { name: 'Speed and quality' });
  await settings.click();
  const qualities = page.getByRole('group', { name: 'Quality' }).getByRole('menuitemradio');
  await expect(qualities.first()).toHaveText(/^Auto/);
  await expect(qualities.first()).toHaveAttribute('aria-checked', 'true');
  const labels = await qualities.allTextContents();
  const heights = labels.slice(1).map((label) => Number(/^(\d+)p$/.exec(label)?.[1]));
  expect(heights.length).toBeGreaterThan(0);
  expect(heights.every(Number.isInteger)).toBe(true);
  expect(heights).toEqual([...heights].sort((a, b) => b - a)); // highest first
  const lowest = `${heights.at(-1)}p`;
  await qualities.filter({ hasText: new RegExp(`^${lowest}$`) }).click();
  await expect(settings).toContainText(lowest);
  // Its name carries what it shows, for those who call it by what they see.
  await expect(settings).toHaveAccessibleName(`Speed and quality: ${lowest}`);
  await expect.poll(() => currentTime(page)).toBeGreaterThan(3);

  // Let the film end: the ended event and the last batch reach the server.
  await expect
    .poll(() => page.getByTestId('watch-video').evaluate((v: HTMLVideoElement) => v.ended), {
      timeout: 30_000,
    })
    .toBe(true);
  await expect
    .poll(async () => (await trackingLinkFigures(request, presenter.token, link.id)).watched_minutes, {
      timeout: 20_000,
    })
    .toBeGreaterThan(0);
  const figures = await trackingLinkFigures(request, presenter.token, link.id);
  expect(figures.sessions).toBe(1);
  expect(figures.views).toBe(1);
});

test('revoking the link while the viewer plays stops playback and the page says why', async ({
  browser,
  request,
}) => {
  const { presenter, link } = await buyerLink(request);
  const page = await viewerPage(browser);
  await openLooping(page, link.access_url); // playing until the revocation lands
  await page.getByRole('button', { name: 'Play the film' }).click();
  await expect.poll(() => currentTime(page), { timeout: 20_000 }).toBeGreaterThan(1);

  const revoked = await request.post(`/v1/screeners/${link.id}/updateStatus`, {
    headers: auth(presenter.token),
    data: { status: 'revoked' },
  });
  expect(revoked.ok()).toBeTruthy();
  const revokedAt = Date.now();
  await expect(page.getByRole('heading', { name: 'This link was withdrawn' })).toBeVisible({
    timeout: 30_000,
  });
  expect(Date.now() - revokedAt).toBeLessThan(30_000);
  await expect(page.getByTestId('watch-video')).toHaveCount(0);
  await expect(page.getByText('The person who shared this film has withdrawn this link.')).toBeVisible();
  await page.screenshot({ path: `${shots}/watch-revoked.png` });
});

test('a reload goes on with the same session, so a link for one viewing survives it', async ({
  browser,
  request,
}) => {
  const presenter = await presenterWithEncryptedSample(request, { withoutSubtitles: true });
  const link = await createTrackingLink(request, presenter.token, {
    video_id: presenter.videoId,
    viewer_email: uniqueEmail('critic'),
    usage_limit: 1,
  });
  const page = await viewerPage(browser);
  const opened: string[] = [];
  page.on('request', (r) => {
    if (/\/v1\/watch\/links\/[^/]+\/sessions$/.test(r.url())) opened.push(r.postData() ?? '');
  });
  await openLooping(page, link.access_url);
  // The page says the link is for one viewing, that a reload keeps it, and that nothing else will.
  await expect(page.getByTestId('watch-viewings')).toHaveText(
    'This link allows one viewing: this one. Reloading this page carries on with it, but the link will not open again in another tab or later.',
  );
  // Where it is read before playing, without scrolling.
  await expect(page.getByTestId('watch-viewings')).toBeInViewport();
  await page.getByRole('button', { name: 'Play the film' }).click();
  await expect.poll(() => currentTime(page), { timeout: 20_000 }).toBeGreaterThan(1);
  // Played with the mouse: focus goes to the player, not to Pause, so the keys that follow work and draw
  // no focus ring on a control the viewer never reached with the keyboard.
  const pause = page.getByRole('button', { name: 'Pause', exact: true });
  await page.keyboard.press('k');
  await expect
    .poll(() => page.getByTestId('watch-video').evaluate((v: HTMLVideoElement) => v.paused))
    .toBe(true);
  await page.keyboard.press('k');
  await expect(pause).toBeAttached();
  await expect(pause).not.toBeFocused();
  await expect(page.locator('.watch-player')).toBeFocused();
  expect(await noFocusRing(page)).toBe(true);
  await expect.poll(() => currentTime(page), { timeout: 20_000 }).toBeGreaterThan(6);

  await page.reload();
  await expect(page.getByRole('heading', { name: 'A Screenroom sample' })).toBeVisible();
  // Played from the keyboard this time: the big button goes, focus moves on to the controls' Pause.
  await page.getByRole('button', { name: 'Play the film' }).focus();
  await page.keyboard.press('Enter');
  await expect(page.getByRole('button', { name: 'Pause', exact: true })).toBeFocused();
  await expect.poll(() => currentTime(page), { timeout: 20_000 }).toBeGreaterThan(6);
  // The reloaded page named its session, and the server let it go on.
  expect(JSON.parse(opened.at(-1)!)).toHaveProperty('resume.sessionId');

  // Another tab is another opening: the link's one viewing is the session still going.
  const other = await page.context().newPage();
  await other.goto(pathOf(link.access_url));
  await expect(other.getByRole('heading', { name: 'Viewing limit reached' })).toBeVisible();
  await other.close();
  await page.close();
  await expect
    .poll(async () => (await trackingLinkFigures(request, presenter.token, link.id)).watched_minutes, {
      timeout: 20_000,
    })
    .toBeGreaterThanOrEqual(0.2); // both pages' playing: more than 6 s each
  const figures = await trackingLinkFigures(request, presenter.token, link.id);
  expect(figures).toMatchObject({ sessions: 1, views: 1 });
});

test('the watermark shows for a Professional presenter and not for a FREE one', async ({
  browser,
  request,
}) => {
  const pro = await presenterWithEncryptedSample(request, { withoutSubtitles: true });
  const admin = await signInByApi(request, E2E.adminEmail, 'Ada Admin');
  const granted = await request.put(`/v1/admin/presenters/${pro.id}/plan`, {
    headers: auth(admin.token),
    data: { rule_set: 'PROFESSIONAL' },
  });
  expect(granted.ok()).toBeTruthy();
  // A word longer than a phone is wide, as a hashtag or a web address in a synopsis can be.
  const description =
    'World premiere, press and tickets: #TheLongQuietSeasonOfTheSaltFlatsAtVisionsDuReel2026';
  const enabled = await request.patch(`/v1/videos/${pro.videoId}`, {
    headers: auth(pro.token),
    data: { enable_watermark: true, watermark_type: 'text', description },
  });
  expect(enabled.ok()).toBeTruthy();
  // Longer than a phone's picture is wide (see below).
  const critic = uniqueEmail('critic.reviewing.for.the.international.festival');
  const proLink = await createTrackingLink(request, pro.token, {
    video_id: pro.videoId,
    viewer_email: critic,
  });

  const page = await watchUntil(browser, proLink.access_url);
  const watermark = page.getByTestId('watermark');
  await expect(watermark).toBeVisible();
  await expect(watermark).toContainText(critic);
  // Drawn over the picture, inside the player that goes fullscreen.
  const inside = await watermark.evaluate((mark) => Boolean(mark.closest('.watch-player')));
  expect(inside).toBe(true);
  // On a phone, an e-mail wider than the picture wraps and stays whole inside it, wherever the mark is:
  // where it is now, and at both ends of its range (the overlay shifts it back by the share it moved).
  // Inside the picture itself, not merely the player: never on black bands a copy could crop away.
  await page.setViewportSize({ width: 390, height: 844 });
  const fits = (x?: number, y?: number) =>
    watermark.evaluate(
      (mark, at) => {
        if (at.x !== undefined && at.y !== undefined) {
          Object.assign(mark.style, {
            transition: 'none',
            left: `${at.x}%`,
            top: `${at.y}%`,
            translate: `-${at.x}% -${at.y}%`,
          });
        }
        const m = mark.getBoundingClientRect();
        const p = mark.closest('.watch-player')!.getBoundingClientRect();
        const video = document.querySelector<HTMLVideoElement>('[data-testid="watch-video"]')!;
        const scale = Math.min(p.width / video.videoWidth, p.height / video.videoHeight);
        const [w, h] = [video.videoWidth * scale, video.videoHeight * scale];
        const [left, top] = [p.left + (p.width - w) / 2, p.top + (p.height - h) / 2];
        return m.left >= left - 1 && m.right <= left + w + 1 && m.top >= top - 1 && m.bottom <= top + h + 1;
      },
      { x, y },
    );
  expect(await fits()).toBe(true);
  expect(await fits(3, 5)).toBe(true);
  expect(await fits(97, 85)).toBe(true);
  // A player taller than the film (a phone held upright in fullscreen): bands above and below the
  // picture, and the mark keeps off them at both ends of its range.
  await page
    .locator('.watch-player')
    .evaluate((player: HTMLElement) => Object.assign(player.style, { aspectRatio: 'auto', height: '700px' }));
  await expect.poll(() => fits(3, 5)).toBe(true);
  expect(await fits(97, 85)).toBe(true);
  await page.locator('.watch-player').screenshot({ path: `${shots}/watch-watermark-off-the-bands.png` });
  await page.locator('.watch-player').evaluate((player: HTMLElement) => {
    player.style.aspectRatio = '';
    player.style.height = '';
  });
  // The synopsis's long word wraps: the page does not widen past the phone (it cut the text off, and
  // the speed and quality sheet, fixed to the wider page's bottom, out of sight).
  await expect(page.getByText(description)).toBeVisible();
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
  await page.setViewportSize({ width: 1360, height: 860 });
  await page.getByTestId('watch-video').evaluate((v: HTMLVideoElement) => v.pause());
  await page.screenshot({ path: `${shots}/watch-watermark-pro.png` });
  // An open settings menu (or the control bar) never hides the mark: a copy recorded with the menu open
  // would show the film with the mark under it. Put the mark where the menu is and ask what is on top
  // there (the mark ignores the pointer, so it is asked to catch it for the question only).
  await showControls(page);
  await page.getByRole('button', { name: 'Speed and quality' }).click();
  const menu = page.getByRole('menu', { name: 'Speed and quality' });
  await expect(menu).toBeVisible();
  const markOnTop = await watermark.evaluate(
    (mark, box) => {
      const area = mark.parentElement!.getBoundingClientRect();
      const [x, y] = [box.x + box.width / 2, box.y + box.height / 2];
      Object.assign(mark.style, {
        transition: 'none',
        left: `${x - area.left}px`,
        top: `${y - area.top}px`,
        translate: '-50% -50%',
      });
      for (const el of [mark, mark.parentElement!]) el.style.pointerEvents = 'auto';
      const top = document.elementFromPoint(x, y);
      for (const el of [mark, mark.parentElement!]) el.style.pointerEvents = '';
      return Boolean(top && mark.contains(top));
    },
    (await menu.boundingBox())!,
  );
  await page.screenshot({ path: `${shots}/watch-watermark-over-menu.png` });
  expect(markOnTop).toBe(true);
  await page.keyboard.press('Escape');

  const free = await presenterWithEncryptedSample(request, { withoutSubtitles: true });
  const freeLink = await createTrackingLink(request, free.token, {
    video_id: free.videoId,
    viewer_email: critic,
  });
  const freePage = await watchUntil(browser, freeLink.access_url);
  await expect(freePage.getByTestId('watermark')).toHaveCount(0);
  await freePage.screenshot({ path: `${shots}/watch-no-watermark-free.png` });
});

test('the controls do what a viewer expects, with a mouse, the keys and a finger', async ({
  browser,
  request,
}) => {
  const { link } = await buyerLink(request);
  const page = await viewerPage(browser);
  await openLooping(page, link.access_url);
  const video = page.getByTestId('watch-video');
  const state = () =>
    video.evaluate((v: HTMLVideoElement) => ({ paused: v.paused, muted: v.muted, volume: v.volume }));
  // Opened with a click before the film starts (to choose subtitles first), the menu draws no focus ring
  // on a choice the mouse never reached: with nothing focused yet, the browser showed one.
  await page.getByRole('button', { name: /speed and quality/i }).click();
  await expect(page.getByRole('menu')).toBeVisible();
  expect(await noFocusRing(page)).toBe(true);
  // The arrows still move through its choices (they would otherwise seek the film).
  await page.keyboard.press('ArrowDown');
  expect(await page.evaluate(() => document.activeElement?.getAttribute('role'))).toBe('menuitemradio');
  await page.keyboard.press('Escape');
  await expect(page.getByRole('menu')).toHaveCount(0);
  await page.getByRole('button', { name: 'Play the film' }).click();
  await expect.poll(() => currentTime(page), { timeout: 20_000 }).toBeGreaterThan(0.5);

  // The open menu stays while the mouse rests on it, longer than idle controls take to hide; a click on
  // the picture then only closes it.
  // Its name carries the choice it shows ("Speed and quality: Auto (720p)").
  await clickControl(page, /^Speed and quality/);
  const menu = page.getByRole('menu');
  await expect(menu).toBeVisible();
  await page.waitForTimeout(3500);
  await expect(menu).toBeVisible();
  await video.click({ position: { x: 100, y: 100 } });
  await expect(menu).toHaveCount(0);
  expect((await state()).paused).toBe(false);

  // From the keyboard the menu opens on its current choice, the arrows move through its choices (not
  // the volume), and a choice hands focus back to the menu's button.
  const volumeBefore = (await state()).volume;
  const settingsButton = page.getByRole('button', { name: 'Speed and quality' });
  await settingsButton.focus();
  await page.keyboard.press('Enter');
  await expect(page.getByRole('menuitemradio', { name: /^Auto/ })).toBeFocused();
  await page.keyboard.press('ArrowDown');
  await expect(page.getByRole('menuitemradio', { name: /^Auto/ })).not.toBeFocused();
  await page.keyboard.press('End');
  await expect(page.getByRole('menuitemradio', { name: '2×' })).toBeFocused();
  await page.keyboard.press('Enter');
  await expect(menu).toHaveCount(0);
  await expect(settingsButton).toBeFocused();
  expect(await video.evaluate((v: HTMLVideoElement) => v.playbackRate)).toBe(2);
  expect((await state()).volume).toBe(volumeBefore);
  // A shortcut key pressed while a control has focus that Tab did not bring there (this viewer has been
  // clicking) does not pin the controls over the picture: they hide when idle, as with the mouse. Focus
  // moved with Tab keeps them, so its ring stays in sight.
  await page.keyboard.press('ArrowRight');
  await expect(page.locator('.watch-player')).toHaveAttribute('data-controls', 'hidden', { timeout: 10_000 });
  await page.keyboard.press('Tab');
  await page.waitForTimeout(3500);
  await expect(page.locator('.watch-player')).toHaveAttribute('data-controls', 'shown');
  await settingsButton.focus();
  await settingsButton.blur(); // what follows is about keys with no control focused

  // Space plays and pauses, even right after a click on a button, which it must not press again.
  await clickControl(page, 'Mute');
  await page.keyboard.press(' ');
  await expect.poll(async () => (await state()).paused).toBe(true);
  expect((await state()).muted).toBe(true);

  // Unmuting a film turned all the way down brings back the level it was last heard at.
  const volume = page.getByRole('slider', { name: 'Volume' });
  await volume.fill('0.6');
  await volume.fill('0');
  expect(await state()).toMatchObject({ muted: true, volume: 0 });
  await page.getByRole('button', { name: 'Unmute' }).click();
  expect(await state()).toMatchObject({ muted: false, volume: 0.6 });
  await expect(page.getByRole('button', { name: 'Mute' })).toBeVisible();

  // On a phone: a tap on the playing film brings back the hidden controls without pausing it; the next
  // tap pauses. The menu opens within the picture, its first choice in reach.
  // As on an iPhone, whose Safari has no fullscreen for an element (only for a bare video).
  const phone = await iPhoneContext(browser);
  const mobile = await phone.newPage();
  await openLooping(mobile, link.access_url);
  const mobileVideo = mobile.getByTestId('watch-video');
  // Subtitles chosen before the film starts, on a phone held sideways: the sheet covers the big play
  // button (it stood above the sheet and its backdrop, and a tap there started the film).
  await mobile.setViewportSize({ width: 844, height: 390 });
  const bigPlayBox = (await mobile.getByRole('button', { name: 'Play the film' }).boundingBox())!;
  await mobile.getByRole('button', { name: 'Speed and quality' }).tap();
  await expect(mobile.getByRole('menu')).toHaveAttribute('data-layout', 'sheet');
  const sheetOnTop = await mobile.evaluate(
    ([x, y]) => document.elementFromPoint(x!, y!)?.closest('.watch-menu-list, .watch-menu-backdrop') != null,
    [bigPlayBox.x + bigPlayBox.width / 2, bigPlayBox.y + bigPlayBox.height / 2],
  );
  expect(sheetOnTop).toBe(true);
  await mobile.getByRole('menuitem', { name: 'Done' }).tap();
  await expect(mobile.getByRole('menu')).toHaveCount(0);
  await mobile.setViewportSize({ width: 390, height: 844 });
  await mobile.getByRole('button', { name: 'Play the film' }).tap();
  const player = mobile.locator('.watch-player');
  await expect(player).toHaveAttribute('data-controls', 'hidden', { timeout: 10_000 });
  await mobileVideo.tap();
  await expect(player).toHaveAttribute('data-controls', 'shown');
  expect(await mobileVideo.evaluate((v: HTMLVideoElement) => v.paused)).toBe(false);
  // The picture of an upright phone is too short for the menu: it rises from the bottom of the screen,
  // every choice of both groups in view without scrolling.
  await mobile.getByRole('button', { name: 'Speed and quality' }).tap();
  const sheet = mobile.getByRole('menu');
  await expect(sheet).toHaveAttribute('data-layout', 'sheet');
  const list = (await sheet.boundingBox())!;
  expect(list.y + list.height).toBeCloseTo(844, 0);
  expect(await sheet.evaluate((el) => el.scrollHeight <= el.clientHeight)).toBe(true);
  for (const item of await sheet.getByRole('menuitemradio').all()) await expect(item).toBeInViewport();
  await mobile.screenshot({ path: `${shots}/watch-phone-menu.png` });
  await sheet.getByRole('group', { name: 'Speed' }).getByRole('menuitemradio', { name: '1.5×' }).tap();
  await expect(sheet).toHaveCount(0);
  expect(await mobileVideo.evaluate((v: HTMLVideoElement) => v.playbackRate)).toBe(1.5);
  // Held sideways the sheet covers most of the picture: the page behind it is dimmed, and a tap there
  // (or Done) closes it without choosing anything.
  await mobile.setViewportSize({ width: 844, height: 390 });
  await mobileVideo.tap();
  await mobile.getByRole('button', { name: 'Speed and quality' }).tap();
  await expect(sheet).toHaveAttribute('data-layout', 'sheet');
  await mobile.screenshot({ path: `${shots}/watch-phone-sideways-menu.png` });

  await mobile.getByTestId('watch-menu-backdrop').tap({ position: { x: 420, y: 20 } });
  await expect(sheet).toHaveCount(0);
  await mobile.getByRole('button', { name: 'Speed and quality' }).tap();
  await sheet.getByRole('menuitem', { name: 'Done' }).tap();
  await expect(sheet).toHaveCount(0);
  expect(await mobileVideo.evaluate((v: HTMLVideoElement) => v.playbackRate)).toBe(1.5);
  await mobile.setViewportSize({ width: 390, height: 844 });
  await tapToPause(mobile);
  // Every control of the bar is a finger's size.
  for (const name of ['Play', 'Unmute|Mute', 'Speed and quality', 'Full screen']) {
    const control = mobile.getByRole('button', { name: new RegExp(`^(${name})`) });
    const box = (await control.boundingBox())!;
    expect(Math.min(box.width, box.height), name).toBeGreaterThanOrEqual(44);
  }
  // Without the browser's fullscreen, the player fills the screen, its controls and watermark with it,
  // and the same button brings the page back.
  await mobile.getByRole('button', { name: 'Full screen' }).tap();
  await expect(player).toHaveAttribute('data-fullscreen', 'true');
  expect(await player.boundingBox()).toEqual({ x: 0, y: 0, width: 390, height: 844 });
  await mobile.screenshot({ path: `${shots}/watch-phone-fills-screen.png` });
  await mobile.getByRole('button', { name: 'Exit full screen' }).tap();
  await expect(player).not.toHaveAttribute('data-fullscreen');
  expect((await player.boundingBox())!.height).toBeLessThan(300);
  // On the narrowest phones a tap on the big play button plays the film: the bar once wrapped to two
  // rows and its seek bar covered the button, so the tap sought instead.
  const narrow = await phone.newPage();
  await narrow.setViewportSize({ width: 360, height: 740 });
  // As when the viewer comes back to a longer film than the sample: the page offers to go on.
  await narrow.route(/\/v1\/watch\/links\/[^/]+\/sessions$/, async (route) => {
    const response = await route.fetch();
    await route.fulfill({ response, json: { ...(await response.json()), resumeAt: 3 } });
  });
  await openLooping(narrow, link.access_url);
  // The small "Start over" chip answers a finger's tap about 44 px high, reaching up, away from the
  // play button below it.
  const startOver = narrow.getByRole('button', { name: 'Start over' });
  const answers = (dy: number) =>
    startOver.evaluate((button, beyond) => {
      const box = button.getBoundingClientRect();
      const y = beyond < 0 ? box.top + beyond : box.bottom + beyond;
      return button.contains(document.elementFromPoint(box.x + box.width / 2, y));
    }, dy);
  expect(await answers(-13)).toBe(true);
  expect(await answers(5)).toBe(true);
  const bigPlay = narrow.getByRole('button', { name: 'Play the film' });
  const onTop = await bigPlay.evaluate((button) => {
    const box = button.getBoundingClientRect();
    return button.contains(document.elementFromPoint(box.x + box.width / 2, box.y + box.height / 2));
  });
  expect(onTop).toBe(true);
  // Nor does the note overlap the button: at this width it reached over its top edge, where a tap meant
  // to play started the film over instead.
  const narrowNote = (await narrow.getByText(/^Resuming at/).boundingBox())!;
  const narrowPlay = (await bigPlay.boundingBox())!;
  expect(narrowNote.y + narrowNote.height).toBeLessThanOrEqual(narrowPlay.y);
  expect(await answers(0)).toBe(true);
  expect(
    await bigPlay.evaluate((button) => {
      const box = button.getBoundingClientRect();
      return button.contains(document.elementFromPoint(box.x + box.width / 2, box.y + 2));
    }),
  ).toBe(true);
  await narrow.screenshot({ path: `${shots}/watch-resume-narrow.png` });
  await bigPlay.tap();
  await expect
    .poll(() => narrow.getByTestId('watch-video').evaluate((v: HTMLVideoElement) => v.paused), {
      timeout: 20_000,
    })
    .toBe(false);
  await narrow.close();
  // A phone held sideways has a short picture too: the note offering to go on stays clear of the seek bar
  // (it sat over it, where a tap on "Start over" could seek instead).
  const sidewaysPage = await phone.newPage();
  await sidewaysPage.setViewportSize({ width: 667, height: 375 });
  await sidewaysPage.route(/\/v1\/watch\/links\/[^/]+\/sessions$/, async (route) => {
    const response = await route.fetch();
    await route.fulfill({ response, json: { ...(await response.json()), resumeAt: 3 } });
  });
  await openLooping(sidewaysPage, link.access_url);
  const note = (await sidewaysPage.getByText(/^Resuming at/).boundingBox())!;
  const seekBar = (await sidewaysPage.getByRole('slider', { name: 'Seek' }).boundingBox())!;
  const play = (await sidewaysPage.getByRole('button', { name: 'Play the film' }).boundingBox())!;
  expect(note.y + note.height).toBeLessThanOrEqual(seekBar.y);
  expect(note.y + note.height <= play.y || play.y + play.height <= note.y).toBe(true);
  await sidewaysPage.screenshot({ path: `${shots}/watch-resume-sideways.png` });
  await sidewaysPage.close();
  // Held sideways, the picture and its controls fit the screen under the page's header.
  await mobile.setViewportSize({ width: 844, height: 390 });
  await expect
    .poll(async () => {
      const sideways = (await player.boundingBox())!;
      return sideways.y + sideways.height;
    })
    .toBeLessThanOrEqual(390);
  // Wide as a tablet's, the bar has no volume slider on a touch screen: the device's own buttons set the
  // volume (iOS ignores a page's), so mute is enough.
  await expect(mobile.getByRole('button', { name: /^(Unmute|Mute)$/ })).toBeVisible();
  await expect(mobile.getByRole('slider', { name: 'Volume' })).toBeHidden();
  await phone.close();

  // A double click on the play button starts the film in full screen (not paused there); one on the
  // playing picture leaves full screen and the film playing.
  const other = await viewerPage(browser);
  await openLooping(other, link.access_url);
  const otherPlayer = other.locator('.watch-player');
  const otherVideo = other.getByTestId('watch-video');
  await other.getByRole('button', { name: 'Play the film' }).dblclick();
  await expect(otherPlayer).toHaveAttribute('data-fullscreen', 'true');
  await expect.poll(() => currentTime(other), { timeout: 20_000 }).toBeGreaterThan(0.5);
  expect(await otherVideo.evaluate((v: HTMLVideoElement) => v.paused)).toBe(false);
  await otherVideo.dblclick({ position: { x: 100, y: 100 } });
  await expect(otherPlayer).not.toHaveAttribute('data-fullscreen');
  expect(await otherVideo.evaluate((v: HTMLVideoElement) => v.paused)).toBe(false);
  // Paused half way, a double click plays it in full screen again.
  await otherVideo.click({ position: { x: 100, y: 100 } });
  await expect.poll(() => otherVideo.evaluate((v: HTMLVideoElement) => v.paused)).toBe(true);
  await otherVideo.dblclick({ position: { x: 100, y: 100 } });
  await expect(otherPlayer).toHaveAttribute('data-fullscreen', 'true');
  await expect.poll(() => otherVideo.evaluate((v: HTMLVideoElement) => v.paused)).toBe(false);
  await other.close();
});

test('refusals, anonymous links and the presenter preview', async ({ browser, request }) => {
  const page = await viewerPage(browser);
  await page.goto('/watch/not-a-real-link-token');
  await expect(page.getByRole('heading', { name: 'Link not found' })).toBeVisible();
  await expect(
    page.getByText('If you think this is a mistake, ask the person who sent you the link.'),
  ).toBeVisible();
  await page.screenshot({ path: `${shots}/watch-not-found.png` });

  const presenter = await presenterWithEncryptedSample(request, { withoutSubtitles: true });
  const limited = await createTrackingLink(request, presenter.token, {
    video_id: presenter.videoId,
    viewer_email: uniqueEmail('once'),
    usage_limit: 1,
  });
  await page.goto(pathOf(limited.access_url));
  await expect(page.getByRole('heading', { name: 'A Screenroom sample' })).toBeVisible();
  // The presenter makes the film's page light, with their logo.
  const headers = auth(presenter.token);
  expect(
    (await request.patch(`/v1/videos/${presenter.videoId}`, { headers, data: { theme: 'light' } })).ok(),
  ).toBe(true);
  const logo = await request.post('/v1/videos/updateImage', {
    headers,
    multipart: {
      videoId: presenter.videoId,
      kind: 'logo',
      file: { name: 'logo.png', mimeType: 'image/png', buffer: ONE_PIXEL_PNG },
    },
  });
  expect(logo.ok()).toBe(true);
  // A second tab is a second opening (a reload would go on with the first: see above). The refusal
  // names the film and whom to ask, in the film page's look: its theme and the presenter's logo.
  const secondTab = await page.context().newPage();
  await secondTab.goto(pathOf(limited.access_url));
  await expect(secondTab.getByRole('heading', { name: 'Viewing limit reached' })).toBeVisible();
  await expect(secondTab.locator('html')).toHaveAttribute('data-mantine-color-scheme', 'light');
  const shownLogo = secondTab.locator('img.watch-refused-logo');
  await expect(shownLogo).toHaveAttribute('src', /\/v1\/media\/.+\?sig=/);
  await expect.poll(() => shownLogo.evaluate((img: HTMLImageElement) => img.naturalWidth)).toBe(1);
  await expect(secondTab.locator('.watch-refused-film')).toHaveText(/^A Screenroom sample · shared by \S/);
  await expect(secondTab.getByText(/^Ask .+ for a new link\.$/)).not.toHaveText(/person who sent/);
  await expect(secondTab).toHaveTitle('Viewing limit reached · A Screenroom sample');
  await secondTab.screenshot({ path: `${shots}/watch-limit-reached.png` });
  await secondTab.close();

  // An anonymous link becomes this device's own link, then plays like any other.
  const magic = await request.post(`/v1/videos/${presenter.videoId}/createMagicLink`, {
    headers: auth(presenter.token),
    data: { usage_limit: 5 },
  });
  expect(magic.ok()).toBeTruthy();
  const magicUrl = (await magic.json()).magicLink.url as string;
  await page.goto(pathOf(magicUrl));
  await expect(page.getByRole('heading', { name: 'A Screenroom sample' })).toBeVisible();
  await expect(page).toHaveURL(/\/watch\/(?!a\/)[\w-]+$/);
  // Shared with many: the page does not call it "yours alone".
  await expect(page.getByTestId('watch-footer')).toHaveText(
    'Shared privately through Screenroom. Please do not pass it on.',
  );

  // The presenter previews from the screener's page: a new tab, marked as a preview.
  const presenterPage = await browser.newPage();
  await useToken(presenterPage, presenter.token);
  await presenterPage.goto(`/screeners/${presenter.videoId}/overview`);
  const [previewTab] = await Promise.all([
    presenterPage.context().waitForEvent('page'),
    presenterPage.getByRole('button', { name: 'Preview' }).click(),
  ]);
  await expect(previewTab.getByText(/Preview: this is how your viewers see the screener/)).toBeVisible();
  // Not "for Pat Presenter": the presenter sees what a viewer would, not a screener made out to themselves.
  await expect(previewTab.locator('.watch-header')).toContainText('Private screener');
  await expect(previewTab.locator('.watch-header')).not.toContainText(' for ');
  await expect(previewTab).toHaveURL(/\/watch\/[\w-]+$/);
  await previewTab.setViewportSize({ width: 390, height: 844 });
  await previewTab.screenshot({ path: `${shots}/watch-preview-mobile.png`, fullPage: true });
  // Its address, passed on, opens for no one else: the viewer's browser is not signed in.
  await page.goto(pathOf(previewTab.url()));
  await expect(page.getByRole('heading', { name: 'A preview for the presenter' })).toBeVisible();
  await page.screenshot({ path: `${shots}/watch-preview-refused.png` });
});
