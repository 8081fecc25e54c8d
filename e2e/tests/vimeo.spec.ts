import { mkdirSync } from 'node:fs';
import { expect, type Page, test } from '@playwright/test';
import { MESSAGES } from '../../packages/shared/src/messages';
import { onboardedPresenter } from '../support/auth';
import { linkVimeoByApi, personalToken, vimeoUrl } from '../support/vimeo';

const shots = 'screenshots';
mkdirSync(shots, { recursive: true });

async function tokenWorksAtVimeo(token: string) {
  const res = await fetch(`${vimeoUrl()}/me`, { headers: { authorization: `bearer ${token}` } });
  return res.status === 200;
}

async function setScheme(page: Page, scheme: 'dark' | 'light') {
  const html = page.locator('html');
  if ((await html.getAttribute('data-mantine-color-scheme')) !== scheme) {
    const toggle = page.getByTestId('theme-toggle').first();
    const box = (await toggle.isVisible()) ? await toggle.boundingBox() : null;
    if (box && box.x >= 0) await toggle.click();
    else {
      // On a phone the rail (and its toggle) is folded away: set the stored choice and reload.
      await page.evaluate((s) => window.localStorage.setItem('screenroom-color-scheme', s), scheme);
      await page.reload();
    }
  }
  await expect(html).toHaveAttribute('data-mantine-color-scheme', scheme);
}

async function shoot(page: Page, name: string, options: { fullPage?: boolean } = {}) {
  for (const scheme of ['dark', 'light'] as const) {
    await setScheme(page, scheme);
    // No hover tooltip in the picture; let images decode and transitions settle.
    await page.mouse.move(1, (page.viewportSize()?.height ?? 800) / 2);
    await page.waitForTimeout(250);
    await page.screenshot({ path: `${shots}/${name}-${scheme}.png`, fullPage: options.fullPage ?? true });
  }
  await setScheme(page, 'dark');
}

async function signedInPresenter(page: Page, request: Parameters<typeof onboardedPresenter>[1]) {
  const presenter = await onboardedPresenter(page, request);
  return presenter;
}

test('a presenter pastes a token, browses their Vimeo films, and revokes access', async ({
  page,
  request,
}) => {
  // The longest walk of the suite (link, browse, import, revoke): more time on a busy machine.
  test.slow();
  await signedInPresenter(page, request);
  await page.goto('/settings/vimeo-configurations');
  const unlinked = page.getByTestId('vimeo-unlinked');
  await expect(unlinked.getByText('Link your Vimeo account')).toBeVisible();
  await expect(unlinked.getByText('Not linked')).toBeVisible();
  await expect(page.getByRole('button', { name: 'Connect with Vimeo' })).toBeVisible();
  await expect(page.getByTestId('vimeo-pro-advice')).toContainText('At least a Pro Vimeo account is advised');
  await expect(page.getByRole('link', { name: /your apps on Vimeo/ })).toHaveAttribute(
    'href',
    'https://developer.vimeo.com/apps',
  );
  await shoot(page, 'vimeo-settings-unlinked');

  // The form checks the token before asking the server.
  const tokenInput = page.getByLabel('Personal access token');
  await page.getByRole('button', { name: 'Link with this token' }).click();
  await expect(page.getByText('Field is required')).toBeVisible();

  // A token Vimeo does not know.
  await tokenInput.fill('0123456789abcdef0123456789abcdef');
  await page.getByRole('button', { name: 'Link with this token' }).click();
  await expect(
    page.getByRole('alert').filter({ hasText: 'Your Vimeo account was not linked' }),
  ).toBeVisible();
  await expect(unlinked).toBeVisible();

  // A real one.
  const token = await personalToken();
  await tokenInput.fill(token);
  await page.getByRole('button', { name: 'Link with this token' }).click();
  const linked = page.getByTestId('vimeo-linked');
  await expect(linked.getByTestId('vimeo-account-name')).toHaveText('Mara Lindqvist');
  await expect(linked.getByText('Vimeo Pro')).toBeVisible();
  await expect(linked.getByText('Linked', { exact: true })).toBeVisible();

  // Re-link offers the same ways to link, and can be folded away again.
  await linked.getByRole('button', { name: 'Re-link' }).click();
  await expect(linked.getByLabel('Personal access token')).toBeVisible();
  await expect(linked.getByRole('button', { name: 'Connect with Vimeo' })).toBeVisible();
  await shoot(page, 'vimeo-settings-relink', { fullPage: false });
  await linked.getByRole('button', { name: 'Keep this account' }).click();
  await expect(linked.getByLabel('Personal access token')).toHaveCount(0);

  // The picker lists the films, newest first, six a page.
  const picker = page.getByTestId('vimeo-video-picker');
  await expect(picker.getByTestId('vimeo-video-count')).toHaveText('13 films');
  const cards = picker.locator('[data-testid^="vimeo-video-7"]');
  await expect(cards).toHaveCount(6);
  await expect(cards.first()).toContainText('Saltwater Hymns');
  await expect(cards.first().getByTestId('vimeo-video-duration')).toHaveText('37:00');
  await expect(picker.locator('img').first()).toHaveJSProperty('complete', true);
  await shoot(page, 'vimeo-settings-linked');

  await picker.getByRole('button', { name: 'next page' }).click();
  await expect(cards.first()).toContainText("The Cartographer's Daughter");
  await expect(cards).toHaveCount(6);

  // Search narrows the list (and starts again from page 1).
  const search = picker.getByRole('textbox', { name: 'Search your Vimeo films' });
  await search.fill('salt');
  await expect(picker.getByTestId('vimeo-video-count')).toHaveText('2 films matching “salt”');
  await expect(cards).toHaveCount(2);
  await expect(cards.nth(0)).toContainText('Saltwater Hymns');
  await expect(cards.nth(1)).toContainText('Salt and Ash');

  // A password-protected film is disabled, with the advice to set it Hidden.
  await search.fill('rough cut');
  const locked = picker.getByTestId('vimeo-video-760004');
  await expect(locked).toContainText('Password');
  await expect(locked.getByTestId('vimeo-video-reason')).toHaveText(MESSAGES.passwordProtectedVideo);
  await expect(locked.getByRole('button', { name: 'Add as screener: Rough Cut v3' })).toBeDisabled();
  await shoot(page, 'vimeo-picker-password-protected', { fullPage: false });

  await search.fill('nothing like this');
  await expect(picker.getByText('No films match “nothing like this”')).toBeVisible();

  // Picking an importable film hands it to the add-screener dialog.
  await search.fill('long night');
  await picker.getByRole('button', { name: 'Add as screener: The Long Night' }).click();
  await expect(page).toHaveURL(/\/screeners\/dialog\/add-screener\?vimeo=760001$/);
  await page.goBack();

  // Revoke, with a confirmation.
  await page.getByRole('button', { name: 'Revoke access' }).click();
  const dialog = page.getByRole('dialog', { name: 'Revoke Vimeo access?' });
  await expect(dialog).toBeVisible();
  await page.waitForTimeout(250);
  await page.screenshot({ path: `${shots}/vimeo-revoke-confirm-dark.png` });
  await dialog.getByRole('button', { name: 'Revoke access' }).click();
  await expect(page.getByRole('alert').filter({ hasText: 'Your Vimeo account is unlinked.' })).toBeVisible();
  await expect(page.getByTestId('vimeo-unlinked')).toBeVisible();
  await expect(page.getByTestId('vimeo-video-picker')).toHaveCount(0);
  expect(await tokenWorksAtVimeo(token)).toBe(false);
});

test('Connect with Vimeo links the account through the popup', async ({ page, request }) => {
  await signedInPresenter(page, request);
  await page.goto('/settings/vimeo-configurations');
  await expect(page.getByTestId('vimeo-unlinked')).toBeVisible();

  const popupPromise = page.waitForEvent('popup');
  await page.getByRole('button', { name: 'Connect with Vimeo' }).click();
  const popup = await popupPromise;
  await popup.waitForURL(/\/oauth\/authorize\?/);
  const authorize = new URL(popup.url());
  expect(authorize.searchParams.get('redirect_uri')).toBe(
    new URL('/dialog-vimeo-linking', page.url()).toString(),
  );
  expect(authorize.searchParams.get('scope')).toBe('public private video_files');
  await expect(popup.getByRole('heading', { name: /Allow Screenroom/ })).toBeVisible();

  const closed = popup.waitForEvent('close');
  await popup.getByRole('link', { name: 'Allow' }).click();
  await popup.waitForURL(/\/dialog-vimeo-linking\?code=/);
  await expect(popup.getByText('Vimeo account linked')).toBeVisible();
  // The page says so as the popup reports back; the toast lasts 3 s, so it is checked first.
  await expect(page.getByRole('alert').filter({ hasText: 'Mara Lindqvist is linked' })).toBeVisible();
  // The popup closes itself moments later: a screenshot may lose that race, which is not a failure.
  await popup.screenshot({ path: `${shots}/vimeo-linking-popup-linked-dark.png` }).catch(() => {});
  // The popup closes itself, and the settings page shows the linked account.
  await closed;
  await expect(page.getByTestId('vimeo-linked').getByTestId('vimeo-account-name')).toHaveText(
    'Mara Lindqvist',
  );
  await expect(page.getByTestId('vimeo-video-count')).toHaveText('13 films');
});

test('a presenter who declines on Vimeo is told so, and nothing is linked', async ({ page, request }) => {
  await signedInPresenter(page, request);
  await page.goto('/settings/vimeo-configurations');
  const popupPromise = page.waitForEvent('popup');
  await page.getByRole('button', { name: 'Connect with Vimeo' }).click();
  const popup = await popupPromise;
  await popup.getByRole('link', { name: 'Cancel' }).click();
  await popup.waitForURL(/\/dialog-vimeo-linking\?error=access_denied/);
  await expect(popup.getByText('You did not allow Screenroom to read your Vimeo films.')).toBeVisible();
  await expect(page.getByRole('alert').filter({ hasText: 'You did not allow Screenroom' })).toBeVisible();
  await expect(page.getByTestId('vimeo-unlinked')).toBeVisible();
  await popup.close();
});

test('the linking page explains a forged or incomplete return', async ({ page, request }) => {
  await signedInPresenter(page, request);
  await page.goto('/dialog-vimeo-linking?code=abc&state=forged');
  const outcome = page.getByTestId('vimeo-linking-outcome');
  await expect(outcome).toHaveAttribute('data-state', 'failed');
  await expect(outcome).toContainText(MESSAGES.vimeoOAuthStateInvalid);
  await expect(outcome.getByRole('link', { name: 'Vimeo Configurations' })).toBeVisible();
  await shoot(page, 'vimeo-linking-failed');

  await page.goto('/dialog/vimeo-linking');
  await expect(outcome).toContainText('Vimeo opens this page after you approve access.');
  await page.setViewportSize({ width: 390, height: 760 });
  await page.goto('/settings/vimeo-configurations');
  await expect(page.getByTestId('vimeo-unlinked')).toBeVisible();
  await shoot(page, 'vimeo-settings-unlinked-mobile');
});

test('on a phone, the linked settings and picker stack into one column', async ({ page, request }) => {
  const presenter = await signedInPresenter(page, request);
  await linkVimeoByApi(request, presenter.token);
  await page.setViewportSize({ width: 390, height: 844 });
  await page.goto('/settings/vimeo-configurations');
  await expect(page.getByTestId('vimeo-account-name')).toHaveText('Mara Lindqvist');
  const cards = page.locator('[data-testid^="vimeo-video-7"]');
  await expect(cards).toHaveCount(6);
  const [first, second] = [await cards.nth(0).boundingBox(), await cards.nth(1).boundingBox()];
  expect(second!.y).toBeGreaterThan(first!.y + first!.height - 1);
  await shoot(page, 'vimeo-settings-linked-mobile');
});
