import { mkdirSync } from 'node:fs';
import AxeBuilder from '@axe-core/playwright';
import { type APIRequestContext, expect, type Locator, type Page, test } from '@playwright/test';
import { finishOnboardingByApi, signUpByApi, uniqueEmail, useToken } from '../support/auth';
import { auth, createTrackingLink, emptyLibrary } from '../support/films';
import { pathOf, viewerPage } from '../support/viewer';

const shots = 'screenshots';
mkdirSync(shots, { recursive: true });

/** The rules of WCAG 2.0 and 2.1 at levels A and AA. */
const WCAG_AA = ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa'];

/**
 * Waits for the screen to hold still: a dialog fading in reads as text of too little contrast. Spinners
 * turn for ever and are not waited for; a screen still moving after 5 s is checked as it is.
 */
async function settled(page: Page) {
  await page
    .waitForFunction(
      () =>
        document
          .getAnimations()
          .every((a) => a.playState !== 'running' || a.effect?.getComputedTiming().iterations === Infinity),
      undefined,
      { timeout: 5_000 },
    )
    .catch(() => undefined);
}

/**
 * Runs axe on what the page shows now and expects no violation of impact serious or critical. Soft, so
 * one run lists every screen that fails; the message names each rule and the elements it found.
 */
async function audit(page: Page, screen: string) {
  await settled(page);
  // Legacy mode runs axe in the page itself, rather than finishing each run in a new blank page: the
  // screens have no frames of their own, and a new page per check cost a second each.
  const { violations } = await new AxeBuilder({ page }).withTags(WCAG_AA).setLegacyMode().analyze();
  const serious = violations
    .filter((v) => v.impact === 'serious' || v.impact === 'critical')
    .map((v) => ({
      rule: v.id,
      impact: v.impact,
      help: v.help,
      elements: v.nodes.map((n) => `${n.target.join(' ')}: ${n.failureSummary?.replace(/\s+/g, ' ')}`),
    }));
  expect.soft(serious, `${screen}: ${JSON.stringify(serious, null, 2)}`).toEqual([]);
}

/** Switches the presenters' app to a theme on this device, as the rail's toggle does, and reloads. */
async function useTheme(page: Page, scheme: 'light' | 'dark') {
  await page.evaluate((s) => window.localStorage.setItem('screenroom-color-scheme', s), scheme);
  await page.reload();
  await expect(page.locator('html')).toHaveAttribute('data-mantine-color-scheme', scheme);
}

/** `control` has the keyboard's focus, and shows it: a visible outline of at least 2 px. */
async function expectFocusVisible(control: Locator) {
  await expect(control).toBeFocused();
  await expect(control).toBeVisible();
  const ring = await control.evaluate((el) => {
    const style = getComputedStyle(el);
    return {
      focusVisible: el.matches(':focus-visible'),
      outline: style.outlineStyle !== 'none' ? Number.parseFloat(style.outlineWidth) : 0,
    };
  });
  expect(ring.focusVisible).toBe(true);
  expect(ring.outline).toBeGreaterThanOrEqual(2);
}

/**
 * A dialog opened from `opener`: focus starts inside it and Tab and Shift+Tab never leave it (each move of
 * focus is recorded in the page, and any to an element outside a dialog is kept); Escape closes it and
 * gives focus back to `opener`.
 */
async function expectModal(page: Page, dialog: Locator, opener: Locator) {
  await expect(dialog).toBeVisible();
  const focusInDialog = () =>
    page.evaluate(() => Boolean(document.activeElement?.closest('[role="dialog"]')));
  await expect.poll(focusInDialog).toBe(true);
  await page.evaluate(() => {
    const escapes: string[] = [];
    const record = (event: FocusEvent) => {
      const target = event.target as Element;
      if (!target.closest('[role="dialog"]')) escapes.push(target.outerHTML.slice(0, 120));
    };
    document.addEventListener('focusin', record);
    Object.assign(window, {
      focusEscapes: () => {
        document.removeEventListener('focusin', record);
        return escapes;
      },
    });
  });
  // More presses than the share dialog has controls, so its Tab comes round; every dialog's first
  // Shift+Tab goes round backwards.
  for (const key of ['Tab', 'Shift+Tab']) for (let i = 0; i < 10; i++) await page.keyboard.press(key);
  const escapes = await page.evaluate(() =>
    (window as unknown as { focusEscapes: () => string[] }).focusEscapes(),
  );
  expect(escapes, 'focus left the dialog').toEqual([]);
  expect(await focusInDialog()).toBe(true);
  await page.keyboard.press('Escape');
  await expect(dialog).toHaveCount(0);
  await expect(opener).toBeFocused();
}

async function videoStatus(request: APIRequestContext, token: string, id: string) {
  const res = await request.get(`/v1/videos/${id}`, { headers: auth(token) });
  return (await res.json()).video.status as string;
}

const currentTime = (page: Page) =>
  page.getByTestId('watch-video').evaluate((v: HTMLVideoElement) => v.currentTime);

test('the sign-in screens, dark and light, and a link that does not exist pass axe', async ({
  page,
  browser,
}) => {
  for (const scheme of ['dark', 'light'] as const) {
    await page.addInitScript((s) => window.localStorage.setItem('screenroom-color-scheme', s), scheme);
    await page.goto('/login');
    await expect(page.getByRole('main').getByRole('heading', { name: 'Sign in', level: 1 })).toBeVisible();
    await audit(page, `sign in (${scheme})`);
    await page.goto('/register');
    await expect(page.getByRole('heading', { name: 'Create your account', level: 1 })).toBeVisible();
    // With the form's errors showing: red words under the fields are small text too.
    await page.getByRole('button', { name: 'Create account' }).click();
    await expect(page.getByText('Field is required').first()).toBeVisible();
    await audit(page, `sign up with errors (${scheme})`);
  }
  const viewer = await viewerPage(browser);
  await viewer.goto('/watch/not-a-real-link-token');
  await expect(viewer.getByRole('heading', { name: 'Link not found' })).toBeVisible();
  await audit(viewer, 'link not found');
});

test('a presenter’s screens and a viewer’s page pass axe; the player and the dialogs work from the keyboard', async ({
  page,
  browser,
  request,
}) => {
  // The one film encodes and encrypts meanwhile: under a minute on a quiet machine (the whole test about
  // 70 s), but it ran out of 120 s on a busy one.
  test.setTimeout(180_000);
  const presenter = await signUpByApi(request, uniqueEmail('access'), 'Alex Access');
  await finishOnboardingByApi(request, presenter.token);
  // The sample made at registration goes at once, for the empty library; then it is made again.
  await emptyLibrary(request, presenter.token);
  await useToken(page, presenter.token);
  await page.goto('/screeners');
  await expect(page.getByTestId('empty-library')).toBeVisible();
  await audit(page, 'films, empty (dark)');
  await useTheme(page, 'light');
  await audit(page, 'films, empty (light)');
  await useTheme(page, 'dark');

  const sample = await request.post('/v1/videos/createSampleVideo', { headers: auth(presenter.token) });
  expect(sample.ok()).toBeTruthy();
  const videoId = (await sample.json()).video.id as string;
  // The film keeps the English subtitles every sample comes with: the keyboard walk goes through them.

  // While it encodes: settings, plans, the film's page and its dialogs.
  await page.goto('/settings');
  await expect(page.getByTestId('settings-cards')).toBeVisible();
  await audit(page, 'settings');
  await page.goto('/settings/profile');
  await expect(page.getByLabel('Name')).toHaveValue('Alex Access');
  await audit(page, 'profile');
  await page.goto('/settings/vimeo-configurations');
  await expect(page.getByRole('button', { name: 'Connect with Vimeo' })).toBeVisible();
  await audit(page, 'Vimeo settings');
  await page.goto('/pricing-plans');
  await expect(page.getByTestId('top-bar-title')).toBeVisible();
  await audit(page, 'plans');

  await page.goto(`/screeners/${videoId}/overview`);
  await expect(page.getByRole('heading', { name: 'A Screenroom sample' })).toBeVisible();
  await audit(page, 'film page');
  const share = page.getByRole('main').getByRole('link', { name: 'Share', exact: true }).first();
  await share.click();
  const shareDialog = page.getByRole('dialog', { name: /Share “A Screenroom sample”/ });
  await expect(shareDialog).toBeVisible();
  await audit(page, 'share dialog');
  await expectModal(page, shareDialog, share);
  // Opened again from the keyboard, on to the invitation by e-mail.
  await page.keyboard.press('Enter');
  await shareDialog.getByTestId('share-invite').click();
  const invite = page.getByRole('dialog').filter({ has: page.getByLabel('Who') });
  await expect(invite).toBeVisible();
  await audit(page, 'invite dialog');
  await expectModal(page, invite, share);
  const configure = page.getByRole('main').getByRole('link', { name: 'Configure' });
  await configure.click();
  await expectModal(page, page.getByRole('dialog', { name: /^Configure/ }), configure);

  await expect
    .poll(() => videoStatus(request, presenter.token, videoId), { timeout: 90_000, intervals: [1000] })
    .toBe('encryption-completed');

  await page.goto('/screeners');
  await expect(page.getByTestId('video-card')).toBeVisible();
  await audit(page, 'films (dark)');
  const add = page.getByRole('main').getByRole('link', { name: 'Add screener' });
  await add.click();
  await expectModal(page, page.getByRole('dialog', { name: 'Add a screener' }), add);
  await useTheme(page, 'light');
  await audit(page, 'films (light)');
  await page.screenshot({ path: `${shots}/a11y-films-light.png` });
  await useTheme(page, 'dark');

  // A viewer, from the keyboard alone.
  const link = await createTrackingLink(request, presenter.token, {
    video_id: videoId,
    viewer_name: 'Vera Viewer',
    viewer_email: uniqueEmail('viewer'),
  });
  const viewer = await viewerPage(browser);
  await viewer.goto(pathOf(link.access_url));
  await expect(viewer.getByRole('heading', { name: 'A Screenroom sample' })).toBeVisible();
  await viewer.getByTestId('watch-video').evaluate((v: HTMLVideoElement) => {
    v.loop = true; // the sample is 8 s long, and must play on while the page is checked
  });
  await audit(viewer, 'watch page, ready (dark)');
  // Tab goes to the big play button first; Enter plays, and focus moves on to the controls' Pause.
  await viewer.keyboard.press('Tab');
  await expectFocusVisible(viewer.getByRole('button', { name: 'Play the film' }));
  await viewer.keyboard.press('Enter');
  const pause = viewer.getByRole('button', { name: 'Pause', exact: true });
  await expectFocusVisible(pause);
  await expect.poll(() => currentTime(viewer), { timeout: 20_000 }).toBeGreaterThan(0.5);
  // Focus reached with the keyboard keeps the controls over the picture, its ring in sight, after the
  // 2.5 s idle controls take to hide (Enter was the last key, not Tab).
  await viewer.waitForTimeout(3500);
  await expect(viewer.locator('.watch-player')).toHaveAttribute('data-controls', 'shown');
  await expectFocusVisible(pause);
  await audit(viewer, 'watch page, playing (dark)');
  await viewer.keyboard.press('Enter');
  const play = viewer.getByRole('button', { name: 'Play', exact: true });
  await expectFocusVisible(play);
  // The seek bar, before the buttons: Home goes to the start, an arrow 5 s on, and it says where it is.
  await viewer.keyboard.press('Shift+Tab');
  const seek = viewer.getByRole('slider', { name: 'Seek' });
  await expectFocusVisible(seek);
  await viewer.keyboard.press('Home');
  await viewer.keyboard.press('ArrowRight');
  await expect(seek).toHaveAttribute('aria-valuetext', '0:05 of 0:08');
  expect(await currentTime(viewer)).toBeCloseTo(5, 1);
  await viewer.keyboard.press('Tab');
  await expectFocusVisible(play);
  await viewer.keyboard.press('Tab');
  await expectFocusVisible(viewer.getByRole('button', { name: 'Mute' }));
  await viewer.keyboard.press('Tab');
  const volume = viewer.getByRole('slider', { name: 'Volume' });
  await expectFocusVisible(volume);
  await viewer.keyboard.press('ArrowLeft');
  await expect(volume).toHaveValue('0.95');
  await expect(volume).toHaveAttribute('aria-valuetext', '95%');
  // The CC button: Space turns the film's English subtitles on (the paused film is at 5 s, in the
  // sign placed at the top) and off again.
  await viewer.keyboard.press('Tab');
  const cc = viewer.getByRole('button', { name: 'Subtitles', exact: true });
  await expectFocusVisible(cc);
  await expect(cc).toHaveAttribute('aria-pressed', 'false');
  await viewer.keyboard.press(' ');
  await expect(cc).toHaveAttribute('aria-pressed', 'true');
  const sign = viewer.getByTestId('watch-subtitles').getByText('[Sign: Screenroom sample]');
  await expect(sign).toBeVisible();
  await expectFocusVisible(cc);
  await viewer.keyboard.press(' ');
  await expect(cc).toHaveAttribute('aria-pressed', 'false');
  await expect(sign).toHaveCount(0);
  // The menu of subtitles, speed and quality: Space opens it on its current choice, the arrows move
  // round its choices (up from the first is the last: English), Enter chooses and hands focus back.
  await viewer.keyboard.press('Tab');
  const settings = viewer.getByRole('button', { name: /^Subtitles, speed and quality/ });
  await expectFocusVisible(settings);
  await expect(settings).toHaveAttribute('aria-expanded', 'false');
  await viewer.keyboard.press(' ');
  await expect(settings).toHaveAttribute('aria-expanded', 'true');
  await expect(viewer.getByRole('menuitemradio', { name: /^Auto/ })).toBeFocused();
  await audit(viewer, 'watch page, settings menu (dark)');
  await viewer.keyboard.press('ArrowUp');
  const english = viewer.getByRole('menuitemradio', { name: 'English' });
  await expectFocusVisible(english);
  await viewer.screenshot({ path: `${shots}/a11y-watch-menu-focus.png` });
  await viewer.keyboard.press('ArrowUp');
  await expectFocusVisible(viewer.getByRole('menuitemradio', { name: 'Off' }));
  await viewer.keyboard.press('ArrowDown');
  await viewer.keyboard.press('Enter');
  await expect(viewer.getByRole('menu')).toHaveCount(0);
  await expectFocusVisible(settings);
  await expect(cc).toHaveAttribute('aria-pressed', 'true');
  await expect(sign).toBeVisible();
  // Opened again with Enter, it shows the choice made; Escape closes it and focus goes back to its button.
  await viewer.keyboard.press('Enter');
  await expect(english).toHaveAttribute('aria-checked', 'true');
  await expect(viewer.getByRole('menuitemradio', { name: /^Auto/ })).toBeFocused();
  await viewer.keyboard.press('Escape');
  await expect(viewer.getByRole('menu')).toHaveCount(0);
  await expect(settings).toHaveAttribute('aria-expanded', 'false');
  await expectFocusVisible(settings);
  await viewer.keyboard.press('Tab');
  const fullscreen = viewer.getByRole('button', { name: 'Full screen' });
  await expectFocusVisible(fullscreen);
  await viewer.keyboard.press('Enter');
  await expect(viewer.locator('.watch-player')).toHaveAttribute('data-fullscreen', 'true');
  await expectFocusVisible(viewer.getByRole('button', { name: 'Exit full screen' }));
  await viewer.keyboard.press('Enter');
  await expect(viewer.locator('.watch-player')).not.toHaveAttribute('data-fullscreen');
  await viewer.keyboard.press('k');
  await expect(pause).toBeVisible();
  await viewer.screenshot({ path: `${shots}/a11y-watch-dark.png` });
  await viewer.context().close(); // its looping film would go on using the machine

  // What the presenter sees of it: the link's analytics, and the session's replay.
  await page.goto(`/screeners/${videoId}/tracking-links/${link.id}/overview`);
  await expect(page.getByTestId('session-row').first()).toBeVisible({ timeout: 20_000 });
  await audit(page, 'link analytics');
  await page.goto(`/analytics/${videoId}/tracking-links/${link.id}`);
  await expect(page).toHaveURL(/sid=/);
  await page.getByTestId('replay-video').waitFor();
  await audit(page, 'session replay');

  // The viewer's page of a film in the light theme.
  const light = await request.patch(`/v1/videos/${videoId}`, {
    headers: auth(presenter.token),
    data: { theme: 'light' },
  });
  expect(light.ok()).toBeTruthy();
  const lightViewer = await viewerPage(browser);
  await lightViewer.goto(pathOf(link.access_url));
  await expect(lightViewer.locator('html')).toHaveAttribute('data-mantine-color-scheme', 'light');
  // Played from the keyboard again: focus on Pause keeps the controls over the picture, to be checked.
  await lightViewer.keyboard.press('Tab');
  await lightViewer.keyboard.press('Enter');
  await expectFocusVisible(lightViewer.getByRole('button', { name: 'Pause', exact: true }));
  await expect.poll(() => currentTime(lightViewer), { timeout: 20_000 }).toBeGreaterThan(0.5);
  await expect(lightViewer.locator('.watch-player')).toHaveAttribute('data-controls', 'shown');
  await audit(lightViewer, 'watch page, playing (light)');
  await lightViewer.screenshot({ path: `${shots}/a11y-watch-light.png` });
  await lightViewer.context().close();

  // Withdrawn: the refusal, in the film's light theme (a link not found showed the dark one).
  const revoked = await request.post(`/v1/screeners/${link.id}/updateStatus`, {
    headers: auth(presenter.token),
    data: { status: 'revoked' },
  });
  expect(revoked.ok()).toBeTruthy();
  const late = await viewerPage(browser);
  await late.goto(pathOf(link.access_url));
  await expect(late.getByRole('heading', { name: 'This link was withdrawn' })).toBeVisible();
  await audit(late, 'link withdrawn (light)');
});
