import { mkdirSync } from 'node:fs';
import { expect, type Page, test } from '@playwright/test';
import { finishOnboardingByApi, signInByApi, signUpByApi, uniqueEmail, useToken } from '../support/auth';
import { E2E } from '../support/env';

const shots = 'screenshots';
mkdirSync(shots, { recursive: true });

/** Waits for transitions (drawers, popovers) to finish, so a screenshot shows the settled screen. */
const settled = (page: Page) =>
  page.waitForFunction(() => document.getAnimations().every((a) => a.playState !== 'running'));

async function bothThemes(page: Page, name: string) {
  await settled(page);
  await page.screenshot({ path: `${shots}/${name}-dark.png`, fullPage: true });
  await page.getByTestId('theme-toggle').click();
  await expect(page.locator('html')).toHaveAttribute('data-mantine-color-scheme', 'light');
  await page.screenshot({ path: `${shots}/${name}-light.png`, fullPage: true });
  await page.getByTestId('theme-toggle').click();
}

test('screenshots of the pricing, presenters and logs pages', async ({ page, request }) => {
  test.setTimeout(120_000);
  for (const name of ['Lena Lumière', 'Marco Montage']) await signUpByApi(request, uniqueEmail('shot'), name);
  const me = await signUpByApi(request, uniqueEmail('shot'), 'Sofia Screener');
  await finishOnboardingByApi(request, me.token);
  await useToken(page, me.token);
  await page.goto('/pricing-plans');
  await expect(page.getByTestId('plan-PROFESSIONAL').getByTestId('plan-price')).toBeVisible();
  await bothThemes(page, 'pricing');

  const admin = await signInByApi(request, E2E.adminEmail, 'Ada Admin');
  await finishOnboardingByApi(request, admin.token);
  await page.evaluate((t) => localStorage.setItem('screenroom.token', t), admin.token);
  await page.addInitScript((t) => localStorage.setItem('screenroom.token', t), admin.token);
  await page.goto('/presenters');
  await expect(page.getByTestId('presenter-row').first()).toBeVisible();
  await bothThemes(page, 'presenters');
  await page.getByLabel('Search presenters').fill('nobody-matches-this');
  await expect(page.getByText('No presenter matches')).toBeVisible();
  await page.screenshot({ path: `${shots}/presenters-empty-dark.png` });

  await page.goto('/logs/all');
  await expect(page.getByTestId('log-row').first()).toBeVisible();
  await bothThemes(page, 'logs-all');
  await page
    .getByTestId('log-row')
    .first()
    .getByRole('button', { name: /Open log entry/ })
    .click();
  await expect(page.getByTestId('log-detail')).toBeVisible();
  await settled(page);
  await page.screenshot({ path: `${shots}/logs-drawer-dark.png` });
  await page.getByRole('button', { name: 'Close' }).first().click();
  await page.getByRole('button', { name: 'Period' }).click();
  await settled(page);
  await page.screenshot({ path: `${shots}/logs-period-dark.png` });
  await page.keyboard.press('Escape');

  await page.setViewportSize({ width: 390, height: 844 });
  await page.goto('/logs/all');
  await expect(page.getByTestId('log-row').first()).toBeVisible();
  await page.screenshot({ path: `${shots}/logs-mobile-dark.png`, fullPage: true });
  await page.getByTestId('log-row').first().click();
  await expect(page.getByTestId('log-detail')).toBeVisible();
  await settled(page);
  await page.screenshot({ path: `${shots}/logs-drawer-mobile-dark.png` });
  await page.getByRole('button', { name: 'Close' }).first().click();
  await page.goto('/presenters');
  await expect(page.getByTestId('presenter-row').first()).toBeVisible();
  await page.screenshot({ path: `${shots}/presenters-mobile-dark.png`, fullPage: true });
  await page.goto('/pricing-plans');
  await expect(page.getByTestId('plan-FREE')).toBeVisible();
  await page.screenshot({ path: `${shots}/pricing-mobile-dark.png`, fullPage: true });
});
