import { mkdirSync } from 'node:fs';
import { expect, test } from '@playwright/test';
import { onboardedPresenter } from '../support/auth';
import { auth } from '../support/films';

const shots = 'screenshots';
mkdirSync(shots, { recursive: true });

test('settings home links to each place; the profile saves name, time zone and theme', async ({
  page,
  request,
}) => {
  const presenter = await onboardedPresenter(page, request, 'Sam Settings');

  await page.goto('/settings');
  for (const name of ['Profile', 'Vimeo Configurations', 'Plan', 'Your activity log', 'Inspire'])
    await expect(
      page.getByTestId('settings-cards').getByRole('link', { name: new RegExp(name) }),
    ).toBeVisible();
  await page.screenshot({ path: `${shots}/settings-home.png`, fullPage: true });
  // Followed from the keyboard, the link goes with the page: focus lands on the new page's heading.
  await page
    .getByTestId('settings-cards')
    .getByRole('link', { name: /Profile/ })
    .focus();
  await page.keyboard.press('Enter');
  await expect(page).toHaveURL(/\/settings\/profile$/);
  await expect(page.getByRole('heading', { name: 'Profile', exact: true })).toBeFocused();

  const name = page.getByLabel('Name');
  await expect(name).toHaveValue('Sam Settings');
  await expect(page.getByLabel('E-mail')).toHaveValue(presenter.email);
  await expect(page.getByRole('combobox', { name: 'Time zone' })).toHaveValue('Asia/Tokyo (UTC+09:00)');

  await name.fill('');
  await page.getByRole('button', { name: 'Save' }).click();
  await expect(page.getByText('Field is required')).toBeVisible();

  await name.fill('Samantha Settings');
  await page.getByRole('combobox', { name: 'Time zone' }).fill('Europe/Lis');
  await page.getByRole('option', { name: /Europe\/Lisbon/ }).click();
  await page.getByText('Light', { exact: true }).click();
  const save = page.getByRole('button', { name: 'Save' });
  await save.focus();
  await page.keyboard.press('Enter');
  await expect(page.getByText('Your profile is saved.')).toBeVisible();
  // Nothing left to save: the button says so, and keeps the keyboard's focus.
  await expect(save).toHaveAttribute('aria-disabled', 'true');
  await expect(save).toBeFocused();
  await expect(page.locator('html')).toHaveAttribute('data-mantine-color-scheme', 'light');
  await page.screenshot({ path: `${shots}/settings-profile.png`, fullPage: true });

  const me = await request.get('/v1/auth/getAuthPresenter', { headers: auth(presenter.token) });
  expect((await me.json()).presenter).toMatchObject({
    name: 'Samantha Settings',
    timezone: 'Europe/Lisbon',
    theme: 'light',
  });

  // The rail's toggle is the same choice: the profile follows it, and Profile can switch back.
  await page.getByTestId('theme-toggle').click();
  await expect(page.locator('html')).toHaveAttribute('data-mantine-color-scheme', 'dark');
  await expect
    .poll(
      async () =>
        (await (await request.get('/v1/auth/getAuthPresenter', { headers: auth(presenter.token) })).json())
          .presenter.theme,
    )
    .toBe('dark');
  await page.reload();
  await expect(page.getByRole('radio', { name: 'Dark' })).toBeChecked();
});

test('inspire offers ideas that lead into the app', async ({ page, request }) => {
  await onboardedPresenter(page, request);
  await page.goto('/inspire');
  await expect(page.getByRole('heading', { name: 'Get your screeners watched' })).toBeVisible();
  for (const h of ['Who to send it to', 'When to send it', 'How to read the figures', 'Keep control'])
    await expect(page.getByRole('heading', { name: h })).toBeVisible();
  await page.screenshot({ path: `${shots}/inspire.png`, fullPage: true });
  await page.getByRole('link', { name: 'Invite viewers' }).click();
  await expect(page).toHaveURL(/\/screeners\/[^/]+\/dialog\/share-options$/);
});

test('on a phone the settings menu is one compact row, so each page starts near the top', async ({
  page,
  request,
}) => {
  await page.setViewportSize({ width: 390, height: 844 });
  await onboardedPresenter(page, request);
  await page.goto('/settings/profile');
  const menu = page.getByRole('navigation', { name: 'Settings' });
  await expect(menu).toBeVisible();
  // The stacked menu pushed the page down by about 150 px.
  expect((await menu.boundingBox())!.height).toBeLessThanOrEqual(48);
  const heading = page.getByRole('heading', { name: 'Profile', exact: true });
  expect((await heading.boundingBox())!.y).toBeLessThan(160);
  await page.screenshot({ path: `${shots}/settings-profile-phone.png` });
  // Every settings page is still a tap away.
  await menu.getByRole('link', { name: 'Vimeo Configurations' }).click();
  await expect(page).toHaveURL(/\/settings\/vimeo-configurations$/);
  await expect(menu.getByRole('link', { name: 'Vimeo Configurations' })).toHaveAttribute(
    'aria-current',
    'page',
  );
  await menu.getByRole('link', { name: 'Home' }).click();
  await expect(page).toHaveURL(/\/settings$/);
  await menu.getByRole('link', { name: 'Profile' }).click();
  await expect(page).toHaveURL(/\/settings\/profile$/);
  await menu.getByRole('link', { name: 'Your activity log' }).click();
  await expect(page).toHaveURL(/\/logs$/);
});

test('on a narrow phone the settings row shows there is more to scroll, and scrolls the open page’s link into view', async ({
  page,
  request,
}) => {
  await page.setViewportSize({ width: 360, height: 780 });
  await onboardedPresenter(page, request);
  const row = page.getByTestId('settings-nav-row');
  const fade = () => row.evaluate((el) => getComputedStyle(el).maskImage);
  const inView = async (name: string) => {
    const rowBox = (await row.boundingBox())!;
    const link = (await row.getByRole('link', { name }).boundingBox())!;
    return link.x >= rowBox.x - 1 && link.x + link.width <= rowBox.x + rowBox.width + 1;
  };

  // Opened on a page whose link lies past the edge, the row starts scrolled to it.
  await page.goto('/settings/vimeo-configurations');
  await expect(row.getByRole('link', { name: 'Vimeo Configurations' })).toHaveAttribute(
    'aria-current',
    'page',
  );
  await expect.poll(() => inView('Vimeo Configurations')).toBe(true);
  await page.screenshot({ path: `${shots}/settings-row-phone-scrolled.png` });

  // At its start, the row fades out at its end only: the cut link reads as "more this way".
  await page.goto('/settings');
  await expect(row).toHaveAttribute('data-more-after', 'true');
  await expect(row).not.toHaveAttribute('data-more-before', 'true');
  expect(await fade()).not.toBe('none');
  await row.evaluate((el) => el.scrollTo({ left: el.scrollWidth }));
  await expect(row).toHaveAttribute('data-more-before', 'true');
  await expect(row).not.toHaveAttribute('data-more-after', 'true');
  expect(await inView('Your activity log')).toBe(true);

  // Wide enough for every link, no fade at all.
  await page.setViewportSize({ width: 740, height: 780 });
  await expect(row).not.toHaveAttribute('data-more-after', 'true');
  await expect(row).not.toHaveAttribute('data-more-before', 'true');
  await expect.poll(fade).toBe('none');
});
