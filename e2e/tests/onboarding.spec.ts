import { mkdirSync } from 'node:fs';
import { expect, type Page, test } from '@playwright/test';
import { registerThroughUi, uniqueEmail } from '../support/auth';
import { auth } from '../support/films';

// A new presenter's sample film is encoded while they walk through the steps.
test.describe.configure({ timeout: 180_000 });

const shots = 'screenshots';
mkdirSync(shots, { recursive: true });
const shot = (page: Page, name: string) =>
  page.screenshot({ path: `${shots}/onboarding-${name}.png`, fullPage: true });

const tokenOf = (page: Page) => page.evaluate(() => window.localStorage.getItem('screenroom.token') ?? '');

test('a new presenter walks every onboarding step with the sample film and lands on /', async ({
  page,
  request,
}) => {
  const email = uniqueEmail('onboarding');
  await registerThroughUi(page, email, 'Olga Onboarding');
  await expect(page).toHaveURL(/\/onboarding\/intro$/);

  // The locale cookie: en, for 365 days.
  const locale = (await page.context().cookies()).find((c) => c.name === 'locale');
  expect(locale?.value).toBe('en');
  const days = ((locale?.expires ?? 0) * 1000 - Date.now()) / 86_400_000;
  expect(days).toBeGreaterThan(364.9);
  expect(days).toBeLessThan(365.1);

  // intro
  await expect(page.getByRole('heading', { name: 'Welcome to Screenroom, Olga Onboarding' })).toBeVisible();
  await expect(page.getByText('Step 1 of 6')).toBeHidden(); // the full stepper shows on a wide screen
  await shot(page, '1-intro');
  await page.getByRole('button', { name: 'Let’s start' }).click();

  // vimeo-linking: the presenter chooses uploads and the sample
  await expect(page).toHaveURL(/\/onboarding\/vimeo-linking$/);
  await expect(page.getByRole('heading', { name: 'Where are your films?' })).toBeVisible();
  await shot(page, '2-vimeo-linking');
  await page.getByRole('button', { name: 'Continue without Vimeo' }).click();

  // video-creation: the sample made at registration is there; a reload resumes here, so does /onboarding
  await expect(page).toHaveURL(/\/onboarding\/video-creation$/);
  const sample = page.getByRole('radio', { name: 'A Screenroom sample' });
  await expect(sample).toBeVisible();
  await page.reload();
  await expect(page).toHaveURL(/\/onboarding\/video-creation$/);
  await page.goto('/onboarding');
  await expect(page).toHaveURL(/\/onboarding\/video-creation$/);
  await expect(sample).toBeChecked();
  await shot(page, '3-video-creation');
  // A later step is not reachable before this one is done.
  await page.goto('/onboarding/screener-watch');
  await expect(page).toHaveURL(/\/onboarding\/video-creation$/);
  await page.getByRole('button', { name: 'Share this film' }).click();

  // screener-creation: an access link, then the countdown, cancelled
  await expect(page).toHaveURL(/\/onboarding\/screener-creation\?video=/);
  await page.getByLabel('Who is it for?').fill('Olga herself');
  await shot(page, '4-screener-creation');
  // From the keyboard: the form goes, and Cancel is within reach at once (then Continue now).
  await page.getByRole('button', { name: 'Create the access link' }).focus();
  await page.keyboard.press('Enter');
  await expect(page.getByText('An access link for Olga herself is ready.')).toBeVisible();
  await expect(page.getByTestId('shared-access-url')).toContainText('/watch/');
  const countdown = page.getByTestId('redirect-countdown').getByRole('status');
  await expect(countdown).toHaveText(/Opening the next step in [1-5] s/);
  await shot(page, '5-countdown');
  await expect(page.getByRole('button', { name: 'Cancel' })).toBeFocused();
  await page.keyboard.press('Enter');
  await expect(countdown).toHaveText('Countdown stopped');
  await expect(page.getByRole('button', { name: 'Continue now' })).toBeFocused();
  await page.waitForTimeout(6000);
  await expect(page).toHaveURL(/\/onboarding\/screener-creation/);

  // old-screener-creation still works, and its countdown runs out by itself
  await page.goto('/onboarding/old-screener-creation');
  await page.getByRole('button', { name: 'Create my access link' }).click();
  await expect(countdown).toHaveText(/Opening the next step in [1-5] s/);
  await expect(page).toHaveURL(/\/onboarding\/screener-watch\?video=[^&]+&link=/, { timeout: 10_000 });

  // screener-watch: a reload resumes the same step with the same link
  const watchUrl = page.url();
  await page.reload();
  await expect(page).toHaveURL(watchUrl);
  const accessUrl = (await page.getByTestId('watch-access-url').textContent()) ?? '';
  expect(accessUrl).toContain('/watch/');
  await shot(page, '6-screener-watch');

  const [viewer] = await Promise.all([
    page.context().waitForEvent('page'),
    page.getByRole('link', { name: 'Open the screener in a new tab' }).click(),
  ]);
  await viewer.waitForLoadState();
  expect(viewer.url()).toBe(accessUrl);
  await expect(viewer.getByRole('heading', { name: 'A Screenroom sample' })).toBeVisible({ timeout: 60_000 });
  await viewer.getByRole('button', { name: 'Play the film' }).click({ timeout: 90_000 });
  await expect
    .poll(() => viewer.getByTestId('watch-video').evaluate((v: HTMLVideoElement) => v.currentTime), {
      timeout: 30_000,
    })
    .toBeGreaterThan(1);
  await viewer.screenshot({ path: `${shots}/onboarding-7-viewer-tab.png` });

  // screener-analytics: the session appears by itself
  await page.bringToFront();
  await page.getByRole('button', { name: 'See my session' }).click();
  await expect(page).toHaveURL(/\/onboarding\/screener-analytics/);
  await expect(page.getByTestId('session-seen')).toBeVisible({ timeout: 20_000 });
  await expect(page.getByTestId('figure-sessions')).toContainText('1');
  await shot(page, '8-screener-analytics');
  await viewer.close();

  // A phone-sized screen shows the compact progress.
  await page.setViewportSize({ width: 390, height: 844 });
  await expect(page.getByText('Step 6 of 6')).toBeVisible();
  await shot(page, '9-analytics-phone');
  await page.setViewportSize({ width: 1360, height: 860 });

  await page.getByRole('button', { name: 'Finish and go to my screeners' }).click();
  await expect(page).not.toHaveURL(/\/onboarding/);
  await expect(page).toHaveURL(/\/screeners\/[^/]+\/tracking-links$/);
  await shot(page, '10-home');

  const me = await request.get('/v1/auth/getAuthPresenter', { headers: auth(await tokenOf(page)) });
  expect((await me.json()).presenter).toMatchObject({
    is_onboarding_completed: true,
    onboarding: { vimeo_linking: true, video_creation: true, screener_creation: true },
  });
  // Finished: /onboarding sends the presenter home.
  await page.goto('/onboarding/intro');
  await expect(page).not.toHaveURL(/\/onboarding/);
});
