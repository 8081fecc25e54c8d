import { expect, test } from '@playwright/test';
import { onboardedPresenter } from '../support/auth';

test('the service worker covers / and keeps the app shell only, never API answers', async ({
  page,
  request,
}) => {
  await onboardedPresenter(page, request);
  await page.goto('/screeners');
  const scope = await page.evaluate(async () => (await navigator.serviceWorker.ready).scope);
  expect(scope).toBe(new URL('/', page.url()).toString());

  // A second load goes through the worker, which may now cache what it is allowed to.
  await page.reload();
  await expect(page.getByTestId('top-bar-title')).toHaveText('Screeners');
  await page.evaluate(() =>
    fetch('/v1/auth/getAuthPresenter', {
      headers: { authorization: `Bearer ${localStorage.getItem('screenroom.token')}` },
    }),
  );
  const cached = await page.evaluate(async () => {
    const urls: string[] = [];
    for (const name of await caches.keys())
      for (const r of await (await caches.open(name)).keys()) urls.push(new URL(r.url).pathname);
    return urls;
  });
  expect(cached).toContain('/index.html');
  expect(cached.some((u) => u.startsWith('/assets/'))).toBe(true);
  expect(cached.filter((u) => u.startsWith('/v1/') || u.startsWith('/api/'))).toEqual([]);
});
