import { mkdirSync } from 'node:fs';
import { expect, type Page, test } from '@playwright/test';
import { finishOnboardingByApi, signInByApi, signUpByApi, uniqueEmail, useToken } from '../support/auth';
import { E2E } from '../support/env';

mkdirSync('screenshots', { recursive: true });

async function presenterPage(page: Page, request: Parameters<typeof signUpByApi>[0], name: string) {
  const presenter = await signUpByApi(request, uniqueEmail('plan'), name);
  await finishOnboardingByApi(request, presenter.token);
  await useToken(page, presenter.token);
  return presenter;
}

test('a FREE presenter sees the upgrade bar; after an admin grants PROFESSIONAL the bar is gone', async ({
  page,
  request,
  browser,
}) => {
  // Two people in two browsers, and the sample film's encryption running beside them: 20 s on a quiet
  // machine, over a minute on a busy one.
  test.slow();
  const presenter = await presenterPage(page, request, 'Frida Free');
  const sample = await request.post('/v1/videos/createSampleVideo', {
    headers: { authorization: `Bearer ${presenter.token}` },
  });
  const videoId = (await sample.json()).video.id as string;
  await page.goto('/screeners');
  const bar = page.getByTestId('upgrade-bar');
  await expect(bar).toBeVisible();
  await expect(bar).toContainText('You are on the Free plan');
  // The watermark setting is locked, with an offer to upgrade.
  await page.goto(`/screeners/${videoId}/dialog/configurations`);
  // The first opening of a film's page loads its screens' code: on a busy machine (the samples of other
  // tests encoding) that took longer than one assertion waits.
  await expect(page.getByRole('dialog', { name: 'Configure “A Screenroom sample”' })).toBeVisible({
    timeout: 30_000,
  });
  await expect(page.getByTestId('professional-lock')).toBeVisible();
  await expect(page.getByTestId('professional-lock').getByRole('link', { name: 'Upgrade' })).toBeVisible();
  await page.goto('/screeners');

  // An administrator, in a browser of their own, finds the presenter and grants Professional.
  const admin = await signInByApi(request, E2E.adminEmail, 'Ada Admin');
  await finishOnboardingByApi(request, admin.token);
  const adminContext = await browser.newContext();
  const adminPage = await adminContext.newPage();
  await useToken(adminPage, admin.token);
  await adminPage.goto('/screeners');
  await adminPage.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Presenters' }).click();
  await expect(adminPage.getByRole('heading', { name: 'All presenters' })).toBeVisible();
  await adminPage.getByLabel('Search presenters').fill(presenter.email);
  const row = adminPage.getByTestId('presenter-row').filter({ hasText: presenter.email });
  await expect(row).toHaveCount(1);
  await expect(adminPage.getByTestId('presenter-row')).toHaveCount(1);
  await expect(row.getByTestId('plan-badge')).toHaveText('Free');
  await row.getByRole('button', { name: `Actions for ${presenter.email}` }).click();
  await adminPage.getByRole('menuitem', { name: 'Grant Professional' }).click();
  await expect(adminPage.getByText('Frida Free now has the Professional plan.')).toBeVisible();
  await expect(row.getByTestId('plan-badge')).toHaveText('Professional');
  await expect(row).toContainText('granted');
  await adminContext.close();

  await page.reload();
  await expect(page.getByTestId('top-bar-title')).toHaveText('Screeners');
  await expect(page.getByTestId('upgrade-bar')).toHaveCount(0);
  await page.getByRole('link', { name: 'Pricing' }).click();
  await expect(page.getByTestId('plan-PROFESSIONAL').getByTestId('current-plan')).toBeVisible();
  await expect(page.getByText('An administrator gave you Professional.')).toBeVisible();
  // The watermark setting is unlocked now.
  await page.goto(`/screeners/${videoId}/dialog/configurations`);
  await expect(page.getByTestId('watermark-settings')).toBeVisible();
  await expect(page.getByTestId('professional-lock')).toHaveCount(0);
  await page.getByLabel('Show a watermark over the film').check();
  await page.getByRole('button', { name: 'Save' }).click();
  await expect(page.getByText('Screener saved')).toBeVisible();
});

test('a FREE presenter upgrades through Stripe Checkout, then manages billing', async ({ page, request }) => {
  await presenterPage(page, request, 'Pablo Payer');
  await page.goto('/screeners');
  await page.getByTestId('upgrade-bar').getByRole('link', { name: 'Upgrade' }).click();
  await expect(page).toHaveURL(/\/pricing-plans$/);
  await expect(page.getByTestId('top-bar-title')).toHaveText('Pricing');
  const free = page.getByTestId('plan-FREE');
  const pro = page.getByTestId('plan-PROFESSIONAL');
  await expect(free.getByTestId('current-plan')).toBeVisible();
  await expect(pro.getByTestId('plan-price')).toHaveText('$29');
  await expect(pro).toContainText('per month');
  await expect(page.getByTestId('usage')).toContainText('0 of 1');

  await pro.getByRole('button', { name: 'Upgrade to Professional' }).click();
  // Stripe's checkout page (the local stand-in), then back with the subscription's webhook delivered.
  await expect(page.getByRole('heading', { name: 'Subscribe to Professional' })).toBeVisible();
  await page.getByRole('button', { name: 'Pay and subscribe' }).click();
  await expect(page).toHaveURL(/\/pricing-plans\?checkout=success$/);
  await expect(page.getByTestId('checkout-notice')).toContainText('Your payment went through');
  await expect(pro.getByTestId('current-plan')).toBeVisible();
  await expect(page.getByTestId('subscription-line')).toContainText('Renews on');
  await page.screenshot({ path: 'screenshots/pricing-professional-dark.png', fullPage: true });
  await page.goto('/screeners');
  await expect(page.getByTestId('top-bar-title')).toHaveText('Screeners');
  await expect(page.getByTestId('upgrade-bar')).toHaveCount(0);
  await page.goto('/pricing-plans');

  await pro.getByRole('button', { name: 'Manage billing' }).click();
  await expect(page.getByRole('heading', { name: 'Fake billing portal' })).toBeVisible();
});

test('a presenter who is not an administrator cannot open the admin pages', async ({ page, request }) => {
  await presenterPage(page, request, 'Nina Notadmin');
  for (const path of ['/presenters', '/logs/all']) {
    await page.goto(path);
    await expect(page.getByText('This page could not be found')).toBeVisible();
  }
});
