import { mkdirSync } from 'node:fs';
import { expect, type Page, test } from '@playwright/test';
import { onboardedPresenter } from '../support/auth';

// A 1×1 PNG, and a text file that claims to be one.
const PNG = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAABJRU5ErkJggg==',
  'base64',
);
const FAKE_PNG = Buffer.from('not a picture at all');
mkdirSync('screenshots', { recursive: true });

async function choose(page: Page, button: string | RegExp, name: string, buffer: Buffer) {
  const chooser = page.waitForEvent('filechooser');
  await page.getByRole('button', { name: button }).click();
  await (await chooser).setFiles({ name, mimeType: 'image/png', buffer });
}

test('a chosen logo is saved with Save, and Cancel leaves the film as it was', async ({ page, request }) => {
  const { token } = await onboardedPresenter(page, request);
  const headers = { authorization: `Bearer ${token}` };
  const sample = await request.post('/v1/videos/createSampleVideo', { headers });
  const videoId = (await sample.json()).video.id as string;
  const logoOf = async () =>
    (await (await request.get(`/v1/videos/${videoId}`, { headers })).json()).video.logo as string | null;
  const dialog = page.getByRole('dialog');

  await page.goto(`/screeners/${videoId}/dialog/configurations`);
  await choose(page, 'Upload logo', 'poster.png', PNG);
  await expect(dialog.getByTestId('logo-pending')).toContainText('poster.png is kept when you save.');
  await dialog.getByRole('button', { name: 'Cancel' }).click();
  // A staged image is an edit too: Cancel asks before throwing it away.
  await page
    .getByRole('dialog', { name: 'Discard your changes?' })
    .getByRole('button', { name: 'Discard' })
    .click();
  await expect(dialog).toHaveCount(0);
  expect(await logoOf()).toBeNull();

  // A file that is not what it claims is refused under its field as soon as it is chosen (no broken
  // preview), and nothing is staged for Save.
  await page.goto(`/screeners/${videoId}/dialog/configurations`);
  await choose(page, 'Upload logo', 'poster.png', FAKE_PNG);
  await expect(dialog.getByRole('alert')).toHaveText('The image must be a JPG or PNG file under 1MB');
  await expect(dialog.getByTestId('logo-pending')).toHaveCount(0);
  await expect(dialog).toBeVisible();
  await expect(page.getByText('Something went wrong')).toHaveCount(0);
  await dialog.getByText('Logo', { exact: true }).scrollIntoViewIfNeeded();
  await page.screenshot({ path: 'screenshots/configurations-refused-logo.png' });
  expect(await logoOf()).toBeNull();

  await choose(page, 'Upload logo', 'poster.png', PNG);
  await expect(dialog.getByRole('alert')).toHaveCount(0);
  await dialog.getByLabel('Director').fill('Agnès V.');
  await dialog.getByRole('button', { name: 'Save' }).click();
  await expect(page.getByText('Screener saved')).toBeVisible();
  await expect(dialog).toHaveCount(0);
  expect(await logoOf()).toBeTruthy();
  const video = (await (await request.get(`/v1/videos/${videoId}`, { headers })).json()).video;
  expect(video.director).toBe('Agnès V.');
});

test('Configure asks before discarding edits, and brings a refused field into view', async ({
  page,
  request,
}) => {
  const { token } = await onboardedPresenter(page, request);
  const sample = await request.post('/v1/videos/createSampleVideo', {
    headers: { authorization: `Bearer ${token}` },
  });
  const videoId = (await sample.json()).video.id as string;
  await page.goto(`/screeners/${videoId}/dialog/configurations`);
  const configure = page.getByRole('dialog', { name: /^Configure/ });
  // Opened from its address, it starts on its first field rather than on its close button. (The page's
  // code can take a while on a busy machine: the wait for the field has the test's time, as a fill does.)
  await configure.getByLabel('Title').waitFor();
  await expect(configure.getByLabel('Title')).toBeFocused();
  await configure.getByLabel('Title').fill('');
  await configure.getByLabel('Producer').fill('Les Films du Losange');
  await configure.getByRole('button', { name: 'Save' }).click();
  // The Save button is at the bottom of a long dialog: the refused field comes to it, focused.
  await expect(configure.getByLabel('Title')).toBeFocused();
  await expect(configure.getByText('Field is required')).toBeInViewport();

  await page.keyboard.press('Escape');
  const discard = page.getByRole('dialog', { name: 'Discard your changes?' });
  await discard.getByRole('button', { name: 'Keep editing' }).click();
  await expect(configure.getByLabel('Producer')).toHaveValue('Les Films du Losange');
  await configure.getByRole('button', { name: 'Cancel' }).click();
  await discard.getByRole('button', { name: 'Discard' }).click();
  await expect(configure).toHaveCount(0);
  await expect(page).toHaveURL(new RegExp(`/screeners/${videoId}/`));
});
