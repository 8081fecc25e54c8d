import { mkdirSync } from 'node:fs';
import { expect, test } from '@playwright/test';
import {
  enterCode,
  finishOnboardingByApi,
  onboardedPresenter,
  signInByApi,
  signUpByApi,
  useToken,
} from '../support/auth';
import { E2E } from '../support/env';
import { createTrackingLink } from '../support/films';
import { codeOf, waitForMail } from '../support/mail';

const shots = 'screenshots';
mkdirSync(shots, { recursive: true });

test('a protected URL while signed out goes to /login, and back after signing in', async ({
  page,
  request,
}) => {
  const { email, token } = await signUpByApi(request);
  await finishOnboardingByApi(request, token);
  await page.goto('/settings/profile');
  await expect(page).toHaveURL(/\/login$/);
  await expect(page.getByRole('heading', { name: 'Sign in' })).toBeVisible();
  await page.getByLabel('E-mail').fill(email);
  await page.getByRole('button', { name: 'Send me a code' }).click();
  await enterCode(page, codeOf(await waitForMail(email, (m) => /sign-in code/.test(m.subject))));
  await expect(page).toHaveURL(/\/settings\/profile$/);
});

test('an unknown URL shows the 404 page, signed out and signed in', async ({ page, request }) => {
  await page.goto('/no/such/page');
  await expect(page.getByText('This page could not be found')).toBeVisible();
  await expect(page.getByRole('link', { name: 'Home page' })).toBeVisible();

  const { token } = await signUpByApi(request);
  await useToken(page, token);
  await page.goto('/screeners/abc/nothing-here');
  await expect(page.getByText('This page could not be found')).toBeVisible();
});

test('the theme is dark by default and the toggle survives a reload', async ({ page }) => {
  await page.goto('/login');
  const html = page.locator('html');
  await expect(html).toHaveAttribute('data-mantine-color-scheme', 'dark');
  await page.getByTestId('theme-toggle').click();
  await expect(html).toHaveAttribute('data-mantine-color-scheme', 'light');
  await page.reload();
  await expect(html).toHaveAttribute('data-mantine-color-scheme', 'light');
  await page.getByTestId('theme-toggle').click();
  await expect(html).toHaveAttribute('data-mantine-color-scheme', 'dark');
});

test('the signed-in shell: side rail, route title, upgrade bar; admin entries only for admins', async ({
  page,
  request,
}) => {
  await onboardedPresenter(page, request);

  // Home is the first film's tracking links: a new presenter has the sample screener.
  const home = /\/screeners\/[^/]+\/tracking-links$/;
  await page.goto('/');
  await expect(page).toHaveURL(home);
  await page.goto('/screeners');
  await expect(page.getByTestId('top-bar-title')).toHaveText('Screeners');
  const rail = page.getByRole('navigation', { name: 'Main' });
  for (const label of ['Home', 'Add Screener', 'Pricing'])
    await expect(rail.getByRole('link', { name: label, exact: true })).toBeVisible();
  await expect(rail.getByRole('link', { name: 'Presenters' })).toHaveCount(0);
  await expect(rail.getByRole('link', { name: 'Logs' })).toHaveCount(0);
  await expect(page.getByTestId('upgrade-bar')).toBeVisible();
  expect((await page.getByTestId('upgrade-bar').boundingBox())?.height).toBeCloseTo(35, 0);
  await page.screenshot({ path: `${shots}/shell-screeners.png` });

  await page.getByRole('link', { name: 'Settings' }).click();
  await expect(page.getByTestId('top-bar-title')).toHaveText('Settings');
  const settingsMenu = page.getByRole('navigation', { name: 'Settings' });
  for (const label of ['Home', 'Profile', 'Vimeo Configurations']) {
    await expect(settingsMenu.getByRole('link', { name: label })).toBeVisible();
  }
  await page.getByRole('link', { name: 'Pricing' }).click();
  await expect(page.getByTestId('top-bar-title')).toHaveText('Pricing');
  // The plans page is the upgrade: no bar offering it again.
  await expect(page.getByTestId('upgrade-bar')).toHaveCount(0);
  await page.goto('/screeners/some-film/tracking-links');
  await expect(page.getByTestId('top-bar-title')).toHaveText('Tracking Links');

  // Admin pages do not exist for a presenter who is not an admin.
  await page.goto('/presenters');
  await expect(page.getByText('This page could not be found')).toBeVisible();

  // A finished presenter opening /onboarding is sent home.
  await page.goto('/onboarding');
  await expect(page).toHaveURL(home);
  // A signed-in presenter opening /login is sent home too.
  await page.goto('/login');
  await expect(page).toHaveURL(home);
});

test('an administrator sees the Presenters, Markets and Logs entries', async ({ page, request }) => {
  const { token } = await signInByApi(request, E2E.adminEmail, 'Ada Admin');
  await finishOnboardingByApi(request, token);
  await useToken(page, token);
  await page.goto('/screeners');
  const rail = page.getByRole('navigation', { name: 'Main' });
  await expect(rail.getByRole('link', { name: 'Presenters' })).toBeVisible();
  await expect(rail.getByRole('link', { name: 'Logs' })).toBeVisible();
  await rail.getByRole('link', { name: 'Presenters' }).click();
  await expect(page.getByTestId('top-bar-title')).toHaveText('Presenters');
  await rail.getByRole('link', { name: 'Markets' }).click();
  await expect(page.getByTestId('top-bar-title')).toHaveText('Markets');
  await expect(rail.getByRole('link', { name: 'Markets' })).toHaveAttribute('aria-current', 'page');
});

test('screenshots of the sign-in screens', async ({ page }) => {
  await page.goto('/login');
  await expect(page.getByRole('heading', { name: 'Sign in' })).toBeVisible();
  await page.screenshot({ path: `${shots}/login.png` });
  await page.goto('/register');
  await expect(page.getByRole('heading', { name: 'Create your account' })).toBeVisible();
  await page.screenshot({ path: `${shots}/register.png` });
  await page.setViewportSize({ width: 390, height: 800 });
  await page.screenshot({ path: `${shots}/register-mobile.png` });
});

test('closing a dialog with Escape gives focus back to what opened it', async ({ page, request }) => {
  await onboardedPresenter(page, request);
  await page.goto('/screeners');
  const rail = page.getByRole('navigation', { name: 'Main' });
  const add = rail.getByRole('link', { name: 'Add Screener', exact: true });
  await add.focus();
  await page.keyboard.press('Enter');
  await expect(page.getByRole('dialog')).toBeVisible();
  await page.keyboard.press('Escape');
  await expect(page.getByRole('dialog')).toHaveCount(0);
  await expect(add).toBeFocused();
});

test('the first Tab reaches "Skip to content", which takes focus past the menus to the page', async ({
  page,
  request,
}) => {
  await onboardedPresenter(page, request);
  await page.goto('/settings');
  await expect(page.getByRole('heading', { name: 'Settings', level: 2 })).toBeVisible();
  await page.keyboard.press('Tab');
  const skip = page.getByRole('link', { name: 'Skip to content' });
  await expect(skip).toBeFocused();
  await expect(skip).toBeInViewport();
  await page.keyboard.press('Enter');
  await expect(page.getByRole('main')).toBeFocused();
  await expect(page).toHaveURL(/\/settings$/);
  // The next stop is in the page, past the top bar and the side rail.
  await page.keyboard.press('Tab');
  await expect(page.getByRole('main').locator(':focus')).toHaveCount(1);
});

test('a dialog over a screener’s tab closes back to that tab, focus on its opener', async ({
  page,
  request,
}) => {
  const presenter = await onboardedPresenter(page, request);
  const videos = await request.get('/v1/videos', { headers: { authorization: `Bearer ${presenter.token}` } });
  const videoId = (await videos.json()).results[0].id as string;
  await page.goto(`/screeners/${videoId}/tracking-links`);
  for (const name of ['Share', 'Configure']) {
    const opener = page.getByRole('link', { name, exact: true });
    await opener.focus();
    await page.keyboard.press('Enter');
    await expect(page.getByRole('dialog')).toBeVisible();
    await page.keyboard.press('Escape');
    await expect(page.getByRole('dialog')).toHaveCount(0);
    // Configure closed onto the overview, and the page drawn anew lost the opener and its focus.
    await expect(page).toHaveURL(/\/tracking-links$/);
    await expect(opener).toBeFocused();
  }
});

test('on a phone the menu names its entries, leads to a page and closes', async ({ page, request }) => {
  await page.setViewportSize({ width: 390, height: 844 });
  await onboardedPresenter(page, request);
  await page.goto('/screeners');
  const main = page.getByRole('navigation', { name: 'Main' });
  await expect(main).toBeHidden();

  await page.getByRole('button', { name: 'Open navigation' }).click();
  for (const label of ['Home', 'Add Screener', 'Pricing'])
    await expect(main.getByRole('link', { name: label, exact: true })).toBeVisible();
  await expect(page.getByRole('link', { name: 'Settings', exact: true })).toBeVisible();
  await expect(page.getByRole('button', { name: 'Switch to light theme' })).toBeVisible();
  await page.screenshot({ path: `${shots}/shell-phone-menu.png`, animations: 'disabled' });
  await page.getByRole('button', { name: 'Close navigation' }).click();
  await expect(main).toBeHidden();

  // From the keyboard: focus moves into the open menu, and back to its button when it closes.
  const burger = page.getByRole('button', { name: 'Open navigation' });
  await burger.focus();
  await page.keyboard.press('Enter');
  await expect(burger).toHaveAttribute('aria-expanded', 'true');
  await expect(page.getByRole('button', { name: 'Close navigation' })).toBeFocused();
  // Tab stays in the open menu: past its last entry it comes round to its first, not to the page behind.
  const menu = page.getByRole('dialog', { name: 'Navigation' });
  await menu.getByRole('link', { name: 'Settings', exact: true }).focus();
  await page.keyboard.press('Tab');
  await expect(menu.getByRole('link', { name: 'Screenroom home' })).toBeFocused();
  await page.keyboard.press('Escape');
  await expect(main).toBeHidden();
  await expect(burger).toBeFocused();

  await page.getByRole('button', { name: 'Open navigation' }).click();
  await main.getByRole('link', { name: 'Pricing', exact: true }).click();
  await expect(page.getByTestId('top-bar-title')).toHaveText('Pricing');
  await expect(main).toBeHidden();
  // Gone somewhere: the new page's heading has focus, not the menu's button.
  await expect(page.getByRole('heading', { name: 'Plans' })).toBeFocused();

  // Left open while the window widens (a tablet turned): the hidden menu lets go of the page.
  await page.getByRole('button', { name: 'Open navigation' }).click();
  await expect(page.getByRole('dialog', { name: 'Navigation' })).toBeVisible();
  await page.setViewportSize({ width: 1280, height: 800 });
  await expect(page.getByRole('dialog', { name: 'Navigation' })).toHaveCount(0);
  await page.getByRole('heading', { name: 'Plans' }).focus();
  await page.keyboard.press('Tab');
  await expect(page.getByRole('heading', { name: 'Plans' })).not.toBeFocused();
});

test.describe('without the service worker (it would serve the cached code)', () => {
  test.use({ serviceWorkers: 'block' });

  test('a page whose code cannot be fetched while the server is down says so, and opens once it answers', async ({
    page,
    request,
  }) => {
    await onboardedPresenter(page, request);
    await page.goto('/screeners');
    await expect(page.getByTestId('top-bar-title')).toHaveText('Screeners');
    // The server goes away: no chunk, no health check.
    const down = (route: import('@playwright/test').Route) => route.abort('connectionrefused');
    await page.route('**/assets/**', down);
    await page.route('**/v1/health', down);
    await page.getByRole('link', { name: 'Settings' }).click();
    await expect(page.getByRole('heading', { name: 'Screenroom cannot be reached' })).toBeVisible();
    await page.screenshot({ path: `${shots}/unreachable.png` });
    await page.getByRole('button', { name: 'Try again' }).click();
    await expect(page.getByText('Still no answer.', { exact: false })).toBeVisible();

    await page.unroute('**/assets/**');
    await page.unroute('**/v1/health');
    await page.getByRole('button', { name: 'Try again' }).click();
    await expect(page).toHaveURL(/\/settings$/);
    await expect(page.getByTestId('settings-cards')).toBeVisible();
  });

  test('a screener that could not be loaded offers to try again', async ({ page, request }) => {
    const { token } = await onboardedPresenter(page, request);
    const list = await request.get('/v1/videos', { headers: { authorization: `Bearer ${token}` } });
    const videoId = (await list.json()).results[0].id as string;
    const film = `**/v1/videos/${videoId}`;
    await page.route(film, (route) => route.abort('connectionrefused'));
    await page.goto(`/screeners/${videoId}/overview`);
    await expect(page.getByRole('heading', { name: 'This screener could not be loaded' })).toBeVisible({
      timeout: 20_000,
    });
    await page.unroute(film);
    await page.getByRole('button', { name: 'Try again' }).click();
    await expect(page.getByTestId('screener-title')).toBeVisible();
  });

  test('a viewer that could not be loaded offers to try again, not "could not be found"', async ({
    page,
    request,
  }) => {
    const { token } = await onboardedPresenter(page, request);
    const list = await request.get('/v1/videos', { headers: { authorization: `Bearer ${token}` } });
    const videoId = (await list.json()).results[0].id as string;
    const link = await createTrackingLink(request, token, {
      video_id: videoId,
      viewer_name: 'Rita Programmer',
    });
    const linkApi = `**/v1/screeners/${link.id}`;
    await page.route(linkApi, (route) => route.abort('connectionrefused'));
    await page.goto(`/screeners/${videoId}/tracking-links/${link.id}/overview`);
    await expect(page.getByRole('heading', { name: 'This viewer could not be loaded' })).toBeVisible({
      timeout: 20_000,
    });
    await page.unroute(linkApi);
    await page.getByRole('button', { name: 'Try again' }).click();
    await expect(page.getByText('Rita Programmer').first()).toBeVisible();
  });
});
