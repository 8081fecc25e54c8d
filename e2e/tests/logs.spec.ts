import { expect, test } from '@playwright/test';
import { finishOnboardingByApi, signInByApi, signUpByApi, uniqueEmail, useToken } from '../support/auth';
import { E2E } from '../support/env';

test('an admin filters the logs and opens an entry, and copies it as JSON', async ({
  page,
  request,
  context,
}) => {
  // Something worth finding: a sign-in attempt for an address nobody registered.
  const stranger = uniqueEmail('stranger');
  expect((await request.post('/v1/auth/login', { data: { email: stranger } })).status()).toBe(404);

  const admin = await signInByApi(request, E2E.adminEmail, 'Ada Admin');
  await finishOnboardingByApi(request, admin.token);
  await useToken(page, admin.token);
  await page.goto('/screeners');
  await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Logs' }).click();
  await expect(page).toHaveURL(/\/logs$/);
  await expect(page.getByTestId('top-bar-title')).toHaveText('Logs Management');
  await expect(page.getByRole('heading', { name: 'Your activity log' })).toBeVisible();
  // The admin's first sign-in in a fresh database is their account's creation.
  await expect(
    page
      .getByTestId('log-row')
      .filter({ hasText: /Signed in|Account created/ })
      .first(),
  ).toBeVisible();

  await page.getByText('Everyone').click();
  await expect(page).toHaveURL(/\/logs\/all$/);
  await expect(page.getByRole('heading', { name: 'Everyone’s activity log' })).toBeVisible();

  await page.getByRole('combobox', { name: 'Level' }).click();
  await page.getByRole('option', { name: 'warn' }).click();
  await page.getByLabel('Search').fill(stranger);
  await expect(page).toHaveURL(/level=warn/);
  await expect(page).toHaveURL(/search=/);
  const rows = page.getByTestId('log-row');
  await expect(rows).toHaveCount(1);
  await expect(rows.first()).toContainText('Sign-in asked for an unknown e-mail');
  await expect(rows.first()).toContainText(stranger);
  // Type and module in words, not the server's short names ("security", "auth").
  await expect(rows.first()).toContainText('Security');
  await expect(rows.first()).toContainText('Sign-in');
  await expect(page.getByTestId('logs-total')).toHaveText('1 entry');

  await rows
    .first()
    .getByRole('button', { name: /Open log entry/ })
    .click();
  const drawer = page.getByTestId('log-detail');
  await expect(drawer).toBeVisible();
  await expect(drawer).toContainText('Sign-in asked for an unknown e-mail');
  await expect(drawer).toContainText(stranger);
  for (const section of ['Context', 'Stack trace', 'Metadata'])
    await expect(drawer.getByText(section, { exact: true })).toBeVisible();
  await expect(drawer).toContainText('Playwright/'); // the user agent of the API call above

  await context.grantPermissions(['clipboard-read', 'clipboard-write']);
  await drawer.getByRole('button', { name: 'Copy as JSON' }).click();
  await expect(page.getByText('Log entry copied as JSON.')).toBeVisible();
  const copied = JSON.parse(await page.evaluate(() => navigator.clipboard.readText()));
  expect(copied).toMatchObject({
    level: 'warn',
    user_email: stranger,
    message: 'Sign-in asked for an unknown e-mail',
  });

  await page.evaluate(() => {
    navigator.clipboard.writeText = () => Promise.reject(new DOMException('Denied', 'NotAllowedError'));
  });
  await drawer.getByRole('button', { name: 'Copy as JSON' }).click();
  await expect(page.getByRole('alert').filter({ hasText: 'Failed to copy log data' })).toBeVisible();

  await page.getByRole('button', { name: 'Close' }).first().click();
  // The filters are in the address: a reload keeps them.
  await page.reload();
  await expect(page.getByTestId('log-row')).toHaveCount(1);
});

test('a presenter reads their own log from Settings', async ({ page, request }) => {
  const me = await signUpByApi(request, uniqueEmail('reader'), 'Rita Reader');
  await finishOnboardingByApi(request, me.token);
  await useToken(page, me.token);
  await page.goto('/settings');
  await page.getByRole('link', { name: 'Your activity log', exact: true }).click();
  await expect(page).toHaveURL(/\/logs$/);
  await expect(page.getByRole('heading', { name: 'Your activity log' })).toBeVisible();
  const rows = page.getByTestId('log-row');
  // Registering signed them in once: their log opens with the account's creation, not a sign-in.
  await expect(rows.filter({ hasText: 'Account created' })).toHaveCount(1);
  await expect(rows.filter({ hasText: 'Signed in' })).toHaveCount(0);
  // It is about no film: its empty cell reads "–", as every empty value in the app does.
  const created = rows.filter({ hasText: 'Account created' });
  await expect(created).toContainText('–');
  await expect(created).not.toContainText('—');
  await expect(page.getByRole('button', { name: 'Everyone' })).toHaveCount(0);
  // Only their own: nobody else's sign-ins (their sample screener's encoding is theirs too).
  await expect(rows).toHaveCount(
    await rows.filter({ hasText: /Account created|Signed in|Mail sent|A Screenroom sample/ }).count(),
  );
});
