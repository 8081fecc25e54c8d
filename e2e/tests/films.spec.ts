import { mkdirSync, statSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { expect, type Locator, type Page, test } from '@playwright/test';
import { makeClip } from '../../apps/server/test/clips';
import { onboardedPresenter, useToken } from '../support/auth';
import { appDatabase } from '../support/db';
import { E2E } from '../support/env';
import { auth, emptyLibrary, presenterWithEncryptedSample } from '../support/films';

const shots = 'screenshots';
mkdirSync(shots, { recursive: true });
const clips = path.join(E2E.workDir, 'clips');
mkdirSync(clips, { recursive: true });

/** A presenter with an empty library: the sample made at registration is removed first. */
async function signedInPresenter(page: Page, request: Parameters<typeof onboardedPresenter>[1]) {
  const { token } = await onboardedPresenter(page, request);
  await emptyLibrary(request, token);
}

/**
 * Plays the preview and waits until the film's own clock has moved, pressing play again if it did not
 * start, as a presenter would.
 */
async function expectPlaying(page: Page) {
  const video = page.getByTestId('preview-video');
  await expect(video).toBeVisible();
  await expect(async () => {
    // A play() made while hls.js (re)attaches the stream is cut short by its load, and one made as the
    // player starts over may never settle: each try gives up after 2 s.
    const started = await video.evaluate((v: HTMLVideoElement) => {
      v.muted = true;
      return Promise.race([
        v.play().then(
          () => true,
          () => false,
        ),
        new Promise<boolean>((resolve) => setTimeout(() => resolve(false), 2000)),
      ]);
    });
    expect(started).toBe(true);
    await expect
      .poll(() => video.evaluate((v: HTMLVideoElement) => v.currentTime), { timeout: 8_000 })
      .toBeGreaterThan(1);
  }).toPass({ timeout: 60_000 });
}

/** What the upload's status region may say: its start, a quarter passed, a pause, a resume, its end. */
const UPLOAD_WORDS =
  /^(Upload started|Upload (25|50|75)% done|Upload paused at \d+%|Upload resumed( at \d+%)?|Uploaded(\. .*)?)$/;

/**
 * Records, from now on, each text the upload's status region takes (what a screen reader reads out) and
 * each text written beside the progress bar (what is seen). Call once a file is chosen.
 */
async function recordUploadWords(page: Page) {
  await page.evaluate(() => {
    const w = window as unknown as { said: string[]; shown: string[] };
    w.said = [];
    w.shown = [];
    const region = document.querySelector('[data-testid=upload-announcement]')!;
    new MutationObserver(() => {
      const text = region.textContent ?? '';
      if (text) w.said.push(text);
    }).observe(region, { childList: true, subtree: true, characterData: true });
    new MutationObserver(() => {
      const text = document.querySelector('[data-testid=upload-progress-text]')?.textContent;
      if (text && text !== w.shown.at(-1)) w.shown.push(text);
    }).observe(document.body, { childList: true, subtree: true, characterData: true });
  });
  const read = (key: 'said' | 'shown') => () =>
    page.evaluate((k) => (window as unknown as Record<string, string[]>)[k] ?? [], key);
  return { said: read('said'), shown: read('shown') };
}

/** Sends at most `bytesPerSecond` from this page (Chromium's network emulation). */
async function throttleUpload(page: Page, bytesPerSecond: number) {
  const cdp = await page.context().newCDPSession(page);
  await cdp.send('Network.enable');
  await cdp.send('Network.emulateNetworkConditions', {
    offline: false,
    latency: 0,
    downloadThroughput: -1,
    uploadThroughput: Math.max(16 * 1024, Math.round(bytesPerSecond)),
  });
  return cdp;
}

test('a presenter uploads a film, sees it become playable, and previews it, encrypted too', async ({
  page,
  request,
}) => {
  test.setTimeout(150_000);
  await signedInPresenter(page, request);
  const clip = await makeClip(path.join(clips, 'harbour-lights.mp4'), {
    seconds: 8,
    width: 640,
    height: 360,
  });

  await page.goto('/screeners');
  await expect(page.getByTestId('empty-library')).toBeVisible();
  await page.screenshot({ path: `${shots}/library-empty.png` });

  await page.getByRole('link', { name: 'Add your first screener' }).click();
  await expect(page.getByRole('dialog', { name: 'Add a screener' })).toBeVisible();
  // Chosen with the keyboard: the drop zone's button opens the file picker.
  const chooser = page.waitForEvent('filechooser');
  await page.getByRole('button', { name: 'Choose a film' }).focus();
  await page.keyboard.press('Enter');
  await (await chooser).setFiles(clip);
  await expect(page.getByLabel('Name')).toHaveValue('harbour lights');
  // The drop zone is gone: focus goes on to the form rather than to nothing.
  await expect(page.getByLabel('Name')).toBeFocused();
  await page.getByLabel('Name').fill('Harbour Lights');
  await page.getByRole('button', { name: 'Upload and create screener' }).click();
  // The spec's rule: an upload needs a name and a description. The message sits on the empty field,
  // which takes focus.
  await expect(page.getByText('Name and Description are required')).toHaveCount(1);
  await expect(page.getByLabel('Description')).toBeFocused();
  await expect(page.getByLabel('Description')).toHaveAttribute('aria-invalid', 'true');
  await page.getByLabel('Description').fill('Two sisters run a lighthouse café.');
  await page.screenshot({ path: `${shots}/add-screener-upload.png` });
  // A slow connection (the film takes about 5 s to send): the bar and its figures move all along, while a
  // screen reader hears the start, the quarters and the end, not every step.
  const { said, shown } = await recordUploadWords(page);
  const slow = await throttleUpload(page, statSync(clip).size / 5);
  await page.getByRole('button', { name: 'Upload and create screener' }).click();
  const bar = page.getByRole('progressbar', { name: 'Upload progress' });
  await expect
    .poll(async () => Number(await bar.getAttribute('aria-valuenow', { timeout: 5000 }).catch(() => 0)))
    .toBeGreaterThan(30);
  // The bar's value for a screen reader is the percentage written beside it (read at one moment).
  const { now, text } = await page.evaluate(() => ({
    now: document
      .querySelector('[role=progressbar][aria-label="Upload progress"]')
      ?.getAttribute('aria-valuenow'),
    text: document.querySelector('[data-testid=upload-progress-text]')?.textContent,
  }));
  if (now !== '100') expect(text).toContain(`(${now}%)`);
  await page.screenshot({ path: `${shots}/add-screener-uploading.png` });
  await expect(page.getByRole('dialog')).toBeHidden({ timeout: 30_000 });
  await slow.detach();
  const words = await said();
  expect(words[0]).toBe('Upload started');
  expect(words.some((w) => /^Upload (25|50|75)% done$/.test(w))).toBe(true);
  expect(words.at(-1)).toMatch(/^Uploaded/);
  expect(
    words.every((w) => UPLOAD_WORDS.test(w)),
    words.join(' | '),
  ).toBe(true);
  // Each is said once, quarters in order, far fewer times than the figures beside the bar changed.
  expect(new Set(words).size, words.join(' | ')).toBe(words.length);
  const quarters = words.filter((w) => /%/.test(w));
  expect(quarters).toEqual([...quarters].sort());
  expect((await shown()).length).toBeGreaterThan(words.length + 3);
  const card = page.getByTestId('video-card').filter({ hasText: 'Harbour Lights' });
  await expect(card).toBeVisible();
  await expect(card.getByText('Unencrypted')).toBeVisible({ timeout: 60_000 });
  await page.screenshot({ path: `${shots}/library-unencrypted.png` });

  const keysFetched: string[] = [];
  page.on('request', (r) => {
    if (/\/v1\/videos\/[^/]+\/keys\//.test(r.url())) keysFetched.push(r.url());
  });
  await card.getByRole('link', { name: 'Harbour Lights', exact: true }).click();
  await expect(page.getByTestId('screener-title')).toHaveText('Harbour Lights');
  await expectPlaying(page);
  await page.screenshot({ path: `${shots}/screener-overview.png` });

  // Encryption completes under the open preview: it goes on with the plain streams it loaded (the server
  // decrypts them for it once only the encrypted files are left), with no error and no restart.
  await expect(page.getByText('Encryption completed').first()).toBeVisible({ timeout: 60_000 });
  await expectPlaying(page);
  await expect(page.getByTestId('preview-video').locator('..').getByRole('alert')).toHaveCount(0);
  // Opened again, it plays the encrypted streams: every segment needs its own key.
  await page.reload();
  await expect.poll(() => keysFetched.length, { timeout: 20_000 }).toBeGreaterThan(0);
  await expectPlaying(page);
});

test('a refused screener after a finished upload waits for the presenter instead of retrying', async ({
  page,
  request,
}) => {
  test.setTimeout(120_000);
  await signedInPresenter(page, request);
  const clip = await makeClip(path.join(clips, 'refused-once.mp4'), { seconds: 2 });
  await page.goto('/screeners/dialog/add-screener');
  await page.getByTestId('upload-dropzone').locator('input[type=file]').setInputFiles(clip);
  // The API's own limits are checked before a byte is sent.
  await page.getByLabel('Name').fill('L'.repeat(201));
  await page.getByLabel('Description').fill('A short refused once');
  await page.getByRole('button', { name: 'Upload and create screener' }).click();
  await expect(page.getByText('Length should not be greater then 200')).toBeVisible();
  await expect(page.getByTestId('upload-progress')).toHaveCount(0);
  await page.getByLabel('Name').fill('Refused Once');

  // The film uploads, then the API refuses the screener (as it would a name it does not take).
  let creations = 0;
  await page.route('**/v1/videos', (route) => {
    if (route.request().method() !== 'POST') return route.continue();
    creations++;
    return route.fulfill({
      status: 400,
      contentType: 'application/json',
      body: JSON.stringify({
        message: 'title: This name is not accepted',
        errors: [{ field: 'title', message: 'This name is not accepted' }],
      }),
    });
  });
  await page.getByRole('button', { name: 'Upload and create screener' }).click();
  await expect(page.getByTestId('create-error')).toContainText('This name is not accepted', {
    timeout: 60_000,
  });
  await expect(page.getByLabel('Name')).toHaveAttribute('aria-invalid', 'true');
  // The bar is full, and a screen reader is told the film is there but the screener is not.
  await expect(page.getByRole('progressbar', { name: 'Upload progress' })).toHaveAttribute(
    'aria-valuenow',
    '100',
  );
  await expect(page.getByTestId('upload-announcement')).toHaveText(
    'Uploaded. The screener is not created yet.',
  );
  await page.screenshot({ path: `${shots}/upload-create-refused.png` });
  // The refusal leaves focus on the field to mend, and Escape asks before the uploaded film is lost.
  await expect(page.getByLabel('Name')).toBeFocused();
  await page.keyboard.press('Escape');
  await expect(page.getByRole('dialog', { name: 'Leave without the screener?' })).toBeVisible();
  await page.getByRole('button', { name: 'Stay' }).click();
  await expect(page.getByRole('dialog', { name: 'Leave without the screener?' })).toBeHidden();
  await page.waitForTimeout(1500);
  expect(creations).toBe(1);

  await page.unroute('**/v1/videos');
  await page.getByLabel('Name').fill('Accepted Now');
  await page.getByRole('button', { name: 'Create the screener' }).click();
  await expect(page.getByRole('dialog')).toBeHidden({ timeout: 30_000 });
  await expect(page.getByTestId('video-card').filter({ hasText: 'Accepted Now' })).toBeVisible();
});

test("the film's details are edited while it uploads, and the screener has them", async ({
  page,
  request,
}) => {
  test.setTimeout(120_000);
  const { token } = await onboardedPresenter(page, request);
  await emptyLibrary(request, token);
  const clip = await makeClip(path.join(clips, 'night-ferry.mp4'), { seconds: 8, width: 640, height: 360 });
  await page.goto('/screeners/dialog/add-screener');
  await page.getByTestId('upload-dropzone').locator('input[type=file]').setInputFiles(clip);
  await page.getByLabel('Description').fill('A crossing at night.');
  // A slow connection (the film would take three minutes): it is still on its way for every step below,
  // however slow the machine running them.
  const slow = await throttleUpload(page, statSync(clip).size / 180);
  await page.getByRole('button', { name: 'Upload and create screener' }).click();
  const bar = page.getByRole('progressbar', { name: 'Upload progress' });
  await expect
    .poll(async () => Number(await bar.getAttribute('aria-valuenow', { timeout: 5000 }).catch(() => 0)))
    .toBeGreaterThan(0);

  // The upload is on its way, and the details are open to edits.
  const progressText = page.getByTestId('upload-progress-text');
  await page.getByLabel('Name').fill('Night Ferry');
  await page.getByLabel('Director').fill('Agnès Varda');
  // A field left wrong says so under it, in the spec's words, while the bytes go on.
  await page.getByLabel('Description').fill('');
  await page.getByLabel('Producer').focus();
  await expect(page.getByLabel('Description')).toHaveAttribute('aria-invalid', 'true');
  await expect(page.getByText('Name and Description are required')).toBeVisible();
  await expect(progressText).toContainText('%');
  await page.screenshot({ path: `${shots}/upload-details-refused-while-uploading.png` });
  await page.getByLabel('Description').fill('A crossing at night, and the morning after.');
  await expect(page.getByText('Name and Description are required')).toHaveCount(0);
  // Enter in a field checks the details; it neither stops nor restarts the film.
  await page.getByLabel('Producer').fill('Ciné-Tamaris');
  await page.getByLabel('Producer').press('Enter');
  await expect(progressText).toContainText('%');
  await expect(page.getByTestId('details-while-uploading')).toBeVisible();
  const before = Number(await bar.getAttribute('aria-valuenow'));
  await expect.poll(async () => Number(await bar.getAttribute('aria-valuenow'))).toBeGreaterThan(before);

  for (const scheme of ['dark', 'light']) {
    // The scheme's CSS follows this attribute; the toggle itself sits behind the dialog's overlay.
    await page.evaluate((s) => document.documentElement.setAttribute('data-mantine-color-scheme', s), scheme);
    for (const [width, height] of [
      [1440, 900],
      [375, 812],
    ] as const) {
      await page.setViewportSize({ width, height });
      await page.screenshot({ path: `${shots}/upload-details-while-uploading-${scheme}-${width}.png` });
    }
  }
  await page.setViewportSize({ width: 1280, height: 720 });
  await slow.detach();

  await expect(page.getByRole('dialog')).toBeHidden({ timeout: 60_000 });
  const films = (await (await request.get('/v1/videos', { headers: auth(token) })).json()).results;
  expect(films).toEqual([
    expect.objectContaining({
      title: 'Night Ferry',
      description: 'A crossing at night, and the morning after.',
      director: 'Agnès Varda',
      producer: 'Ciné-Tamaris',
    }),
  ]);
  await expect(page.getByTestId('video-card').filter({ hasText: 'Night Ferry' })).toBeVisible();
});

test('an unfinished upload is offered again with the details typed before and while it uploaded', async ({
  page,
  request,
}) => {
  await signedInPresenter(page, request);
  const clip = await makeClip(path.join(clips, 'resume-me.mp4'), { seconds: 2 });
  await page.goto('/screeners');
  await page.getByRole('link', { name: 'Add your first screener' }).click();
  await page.getByTestId('upload-dropzone').locator('input[type=file]').setInputFiles(clip);
  await page.getByLabel('Name').fill('Resume Me');
  await page.getByLabel('Description').fill('Half way there');
  // The upload is created, then its bytes never arrive (a connection lost for good).
  await page.route('**/v1/uploads/**', (route) => {
    if (route.request().method() !== 'PATCH') return route.continue();
  });
  const { said } = await recordUploadWords(page);
  await page.getByRole('button', { name: 'Upload and create screener' }).click();
  await expect(page.getByTestId('upload-progress')).toBeVisible();
  // Details typed while it uploads are kept too (the screener is only made once the film is all sent).
  await page.getByLabel('Name').fill('Resume Me Later');
  await page.getByLabel('Director').fill('Agnès Varda');
  // Nothing arrives: the bar stays at 0, and a screen reader heard the start, then a pause and a resume.
  await expect(page.getByRole('progressbar', { name: 'Upload progress' })).toHaveAttribute(
    'aria-valuenow',
    '0',
  );
  await expect(page.getByTestId('upload-announcement')).toHaveText('Upload started');
  await page.getByRole('button', { name: 'Pause' }).click();
  await expect(page.getByTestId('upload-progress')).toContainText('Paused');
  await expect(page.getByTestId('upload-announcement')).toHaveText('Upload paused at 0%');
  await page.getByRole('button', { name: 'Resume' }).click();
  await expect(page.getByTestId('upload-announcement')).toHaveText('Upload resumed');
  expect(await said()).toEqual(['Upload started', 'Upload paused at 0%', 'Upload resumed']);
  // Closing the dialog while it uploads asks first, by Escape as by its close button; keeping on (here
  // by Escape) leaves the upload be.
  const ask = page.getByRole('dialog', { name: 'Stop the upload?' });
  await page.keyboard.press('Escape');
  await expect(ask).toBeVisible();
  await ask.getByRole('button', { name: 'Keep uploading' }).click();
  await expect(ask).toBeHidden();
  await expect(page.getByRole('dialog', { name: 'Add a screener' })).toBeVisible();
  await page.getByRole('dialog', { name: 'Add a screener' }).getByRole('button', { name: 'Close' }).click();
  await expect(ask).toBeVisible();
  await page.screenshot({ path: `${shots}/upload-stop-question.png` });
  await page.keyboard.press('Escape');
  await expect(ask).toBeHidden();
  await expect(page).toHaveURL(/\/screeners\/dialog\/add-screener$/);
  await expect(page.getByTestId('upload-progress')).toBeVisible();
  // Leaving by Back asks too, and stops it when told to.
  await page.goBack();
  await ask.getByRole('button', { name: 'Stop the upload' }).click();
  await expect(page).toHaveURL(/\/screeners$/);
  await page.unrouteAll({ behavior: 'ignoreErrors' });
  await page.goto('/screeners/dialog/add-screener');
  await expect(page.getByText('Unfinished upload')).toBeVisible();
  await expect(page.getByText(/Resume Me Later/)).toBeVisible();
  await page.getByTestId('upload-dropzone').locator('input[type=file]').setInputFiles(clip);
  await expect(page.getByLabel('Name')).toHaveValue('Resume Me Later');
  await expect(page.getByLabel('Description')).toHaveValue('Half way there');
  await expect(page.getByLabel('Director')).toHaveValue('Agnès Varda');
  // Another presenter signed in on the same browser is not offered it (nor shown its film's name).
  await signedInPresenter(page, request);
  await page.goto('/screeners/dialog/add-screener');
  await expect(page.getByTestId('upload-dropzone')).toBeVisible();
  await expect(page.getByText('Unfinished upload')).toHaveCount(0);
  await expect(page.getByText(/Resume Me Later/)).toHaveCount(0);
});

test('a file that only pretends to be a film is refused in the dialog', async ({ page, request }) => {
  await signedInPresenter(page, request);
  const fake = path.join(clips, 'not-a-film.mp4');
  writeFileSync(fake, 'This is a text file with a film’s name. '.repeat(100));
  const notes = path.join(clips, 'notes.txt');
  writeFileSync(notes, 'Not a film, and it says so by its type.');
  await page.goto('/screeners/dialog/add-screener');
  // Refused by its type as soon as it is chosen: said, rather than nothing happening.
  await page.getByTestId('upload-dropzone').locator('input[type=file]').setInputFiles(notes);
  await expect(page.getByTestId('file-rejected')).toHaveText(
    '“notes.txt” is not a video file. Choose a film such as MP4, MOV, MKV or MXF.',
  );
  await page.getByTestId('upload-dropzone').locator('input[type=file]').setInputFiles(fake);
  await page.getByLabel('Description').fill('Not really a film');
  await page.getByRole('button', { name: 'Upload and create screener' }).click();
  await expect(page.getByTestId('upload-error')).toContainText('This file is not a video we can read');
  // Said once, by the alert; the upload's status region has nothing more to add.
  await expect(
    page.getByRole('alert').filter({ hasText: 'This file is not a video we can read' }),
  ).toBeVisible();
  await expect(page.getByTestId('upload-announcement')).toHaveText('');
  // The same file would be refused again: no "Try again", only another file.
  await expect(page.getByRole('button', { name: 'Try again' })).toHaveCount(0);
  // Nothing of it is left to resume: another file can be chosen, and no "unfinished upload" is offered,
  // then or on the dialog's next opening.
  await page.getByRole('button', { name: 'Choose another file' }).click();
  await expect(page.getByTestId('upload-dropzone')).toBeVisible();
  await expect(page.getByText('Unfinished upload')).toHaveCount(0);
  await page.reload();
  await expect(page.getByTestId('upload-dropzone')).toBeVisible();
  await expect(page.getByText('Unfinished upload')).toHaveCount(0);
});

test('the preview says when the film cannot load, and plays after "Try again"', async ({ page, request }) => {
  test.setTimeout(120_000);
  const { token } = await onboardedPresenter(page, request);
  const headers = { authorization: `Bearer ${token}` };
  const videos = await request.get('/v1/videos', { headers });
  const sample = ((await videos.json()).results as { id: string }[])[0]!;
  await expect
    .poll(
      async () => (await (await request.get(`/v1/videos/${sample.id}`, { headers })).json()).video.playable,
      { timeout: 90_000, intervals: [1000] },
    )
    .toBe(true);

  // The connection drops: the film's playlist cannot be fetched.
  const playlist = /\/v1\/videos\/[^/]+\/hls\/master\.m3u8/;
  await page.route(playlist, (route) => route.abort('internetdisconnected'));
  await page.goto(`/screeners/${sample.id}/overview`);
  const alert = page.getByRole('alert').filter({ hasText: 'The film stopped loading' });
  await expect(alert).toBeVisible({ timeout: 30_000 });
  await page.screenshot({ path: `${shots}/preview-stopped-loading.png` });

  await page.unroute(playlist);
  await alert.getByRole('button', { name: 'Try again' }).click();
  await expect(alert).toBeHidden();
  await expectPlaying(page);
});

test('the sample film can be added from the dialog and becomes playable', async ({ page, request }) => {
  test.setTimeout(120_000);
  await signedInPresenter(page, request);
  await page.goto('/screeners/dialog/add-screener');
  await page.getByRole('tab', { name: 'Sample film' }).click();
  await page.getByRole('button', { name: 'Add the sample screener' }).click();
  const card = page.getByTestId('video-card').filter({ hasText: 'A Screenroom sample' });
  await expect(card).toBeVisible({ timeout: 60_000 });
  await expect(card.getByText(/Unencrypted|Encryption completed/)).toBeVisible({ timeout: 90_000 });
  // There is one sample per presenter: the tab now leads to it instead of claiming a new one.
  await page.goto('/screeners/dialog/add-screener');
  await page.getByRole('tab', { name: 'Sample film' }).click();
  await expect(page.getByTestId('sample-exists')).toBeVisible();
  await page.screenshot({ path: `${shots}/sample-exists.png` });
  await expect(page.getByRole('button', { name: 'Add the sample screener' })).toHaveCount(0);
  await page.getByTestId('sample-exists').getByRole('link').click();
  await expect(page.getByTestId('screener-title')).toHaveText('A Screenroom sample');
});

test('a FREE presenter sees the watermark setting locked with an upgrade offer', async ({
  page,
  request,
}) => {
  await signedInPresenter(page, request);
  const clip = await makeClip(path.join(clips, 'short.mp4'), { seconds: 3 });
  await page.goto('/screeners/dialog/add-screener');
  await page.getByTestId('upload-dropzone').locator('input[type=file]').setInputFiles(clip);
  await page.getByLabel('Description').fill('Short');
  await page.getByRole('button', { name: 'Upload and create screener' }).click();
  await page.getByTestId('video-card').first().getByRole('link').first().click();
  await page.getByRole('link', { name: 'Configure' }).click();
  await expect(page.getByTestId('professional-lock')).toBeVisible();
  await expect(page.getByTestId('professional-lock').getByRole('link', { name: 'Upgrade' })).toBeVisible();
  await page.getByRole('dialog').getByLabel('Title', { exact: true }).fill('Short (director’s cut)');
  await page.getByRole('button', { name: 'Save' }).click();
  await expect(page.getByTestId('screener-title')).toHaveText('Short (director’s cut)');
  await page.getByRole('link', { name: 'Configure' }).click();
  await page.screenshot({ path: `${shots}/configure-free.png` });
  // The plan's one screener is taken: the dialog says so before anything is chosen.
  await page.goto('/screeners/dialog/add-screener');
  await expect(page.getByTestId('plan-limit')).toContainText('Your plan includes 1 screener');
  await expect(page.getByTestId('upload-dropzone')).toContainText('No room for another film on your plan');
  await expect(page.getByTestId('plan-limit').getByRole('link', { name: 'See the plans' })).toHaveAttribute(
    'href',
    '/pricing-plans',
  );
});

test('a screener deleted from its overview is gone, with no error on the way out', async ({
  page,
  request,
}) => {
  const { token } = await onboardedPresenter(page, request);
  const videos = await request.get('/v1/videos', { headers: { authorization: `Bearer ${token}` } });
  const sample = ((await videos.json()).results as { id: string }[])[0]!;
  await page.goto(`/screeners/${sample.id}/overview`);
  // Red in the dark theme too, as in the light one: Mantine's dark words for it were all but white.
  await expect(page.locator('html')).toHaveAttribute('data-mantine-color-scheme', 'dark');
  const [red, green] = await page
    .getByRole('button', { name: 'Delete screener' })
    .evaluate((el) => getComputedStyle(el).color.match(/\d+/g)!.map(Number));
  expect(red! - green!, 'the delete button reads red').toBeGreaterThan(80);
  await page.getByRole('button', { name: 'Delete screener' }).click();
  // The confirmation starts on the safe choice, and its close button has a name.
  await expect(page.getByRole('dialog').getByRole('button', { name: 'Keep it' })).toBeFocused();
  await expect(page.getByRole('dialog').getByRole('button', { name: 'Close' })).toBeVisible();
  // A double click on the confirmation deletes once (a second deletion would answer 404 with a toast).
  await page.getByRole('dialog').getByRole('button', { name: 'Delete screener' }).dblclick();
  await expect(page).toHaveURL(/\/screeners$/);
  await expect(page.getByTestId('video-card')).toHaveCount(0);
  await page.waitForLoadState('networkidle');
  // The page it left did not ask for the deleted film again (which would answer 404 with a toast).
  await expect(page.locator('.mantine-Notification-root')).toHaveCount(0);
  // Back does not bring the deleted film out of the cache.
  await page.goBack();
  await expect(page.getByRole('heading', { name: 'This screener does not exist' })).toBeVisible();
  await expect(page.getByTestId('screener-title')).toHaveCount(0);
});

test('a film card shows its whole title at every width, in both themes, and is one link', async ({
  page,
  request,
}) => {
  const { token } = await onboardedPresenter(page, request);
  const headers = { authorization: `Bearer ${token}` };
  const sample = (
    (await (await request.get('/v1/videos', { headers })).json()).results as { id: string }[]
  )[0]!;
  const rename = async (title: string) => {
    const res = await request.patch(`/v1/videos/${sample.id}`, { headers, data: { title } });
    expect(res.ok(), await res.text()).toBeTruthy();
  };
  /** The title's lines as shown, and whether any of it is cut off. */
  const shape = (title: Locator) =>
    title.evaluate((el) => {
      const lines = Math.round(el.clientHeight / Number.parseFloat(getComputedStyle(el).lineHeight));
      return { lines, cut: el.scrollHeight > el.clientHeight + 1 || el.scrollWidth > el.clientWidth + 1 };
    });

  const long = 'The Long Night of the Lighthouse Keeper’s Daughter';
  await rename(long);
  await page.setViewportSize({ width: 1440, height: 900 });
  await page.goto('/screeners');
  const card = page.getByTestId('video-card');
  // One link per film, named by the title it shows; the picture is the same link again, for the mouse only.
  await expect(card.getByRole('link')).toHaveCount(1);
  const title = card.getByRole('link', { name: long, exact: true });
  await expect(title).toHaveAttribute('title', long);
  const picture = card.getByTestId('video-card-picture');
  await expect(picture).toHaveAttribute('aria-hidden', 'true');
  await expect(picture).toHaveAttribute('tabindex', '-1');
  // The picture's length is still there for a screen reader.
  await expect(card.getByText(/^Length \d+:\d\d$/)).toBeAttached({ timeout: 30_000 });

  for (const scheme of ['dark', 'light']) {
    if (scheme === 'light') {
      await page.setViewportSize({ width: 1440, height: 900 });
      await page.getByTestId('theme-toggle').click();
    }
    await expect(page.locator('html')).toHaveAttribute('data-mantine-color-scheme', scheme);
    for (const width of [1440, 1024, 390]) {
      await page.setViewportSize({ width, height: 900 });
      // Not one word of it cut, on one line or two, once the page has laid itself out for the new width
      // (the shell's media queries re-render after the resize; CI once measured in between).
      await expect(async () => {
        const { lines, cut } = await shape(title);
        expect(cut, `${long} at ${width} px, ${scheme}`).toBe(false);
        expect(lines).toBeLessThanOrEqual(2);
      }).toPass({ timeout: 5_000 });
      await card.screenshot({ path: `${shots}/film-card-${width}-${scheme}.png` });
    }
  }

  // Longer than two lines: it ends in "…", the whole of it on hover.
  const longer = `${long}, a documentary about the last tram drivers of Lisbon (director’s cut)`;
  await rename(longer);
  await page.setViewportSize({ width: 1440, height: 900 });
  await page.reload();
  const clamped = card.getByRole('link', { name: longer, exact: true });
  await expect(clamped).toHaveAttribute('title', longer);
  expect(await shape(clamped)).toEqual({ lines: 2, cut: true });

  // The picture opens the film as the title does.
  await picture.click();
  await expect(page.getByTestId('screener-title')).toHaveText(longer);
});

test.describe('on a touch phone', () => {
  test.use({ viewport: { width: 390, height: 844 }, hasTouch: true, isMobile: true });

  test("a film card's actions button sits level with the title's first line", async ({ page, request }) => {
    await onboardedPresenter(page, request);
    await page.goto('/screeners');
    const card = page.getByTestId('video-card').first();
    const title = card.getByTestId('video-card-title');
    const actions = card.getByRole('button', { name: /^Actions for / });
    await expect(actions).toBeVisible();
    // A finger's 44 px button, centred on the title's first line (it hung about 10 px below it).
    const firstLine = await title.evaluate((el) => {
      const box = el.getBoundingClientRect();
      return box.top + Number.parseFloat(getComputedStyle(el).lineHeight) / 2;
    });
    const box = (await actions.boundingBox())!;
    expect(box.height).toBeGreaterThanOrEqual(44);
    expect(Math.abs(box.y + box.height / 2 - firstLine)).toBeLessThanOrEqual(2);
  });

  test("the film's header actions fit one row at a phone's width, each named", async ({ page, request }) => {
    const presenter = await onboardedPresenter(page, request);
    const videos = await request.get('/v1/videos', {
      headers: { authorization: `Bearer ${presenter.token}` },
    });
    const videoId = (await videos.json()).results[0].id as string;
    await page.goto(`/screeners/${videoId}/overview`);
    const actions = [
      page.getByRole('button', { name: 'Preview', exact: true }),
      page.getByRole('link', { name: 'Configure', exact: true }),
      page.getByRole('link', { name: 'Share', exact: true }).first(), // the header's, before the empty state's
    ];
    for (const width of [390, 360]) {
      await page.setViewportSize({ width, height: 844 });
      // Share had a line of its own: the three need about 372 px against 350.
      await expect(async () => {
        const boxes = await Promise.all(actions.map(async (a) => (await a.boundingBox())!));
        for (const box of boxes) {
          expect(box.y, `${width} px`).toBe(boxes[0]?.y);
          expect(box.x + box.width).toBeLessThanOrEqual(width - 16);
        }
      }).toPass({ timeout: 5_000 });
    }
  });

  test("a chosen file's whole name shows in the upload dialog", async ({ page, request }) => {
    await signedInPresenter(page, request);
    const name = 'The_Long_Winter-final_cut_v3.mp4';
    const clip = await makeClip(path.join(clips, name), { seconds: 2 });
    await page.goto('/screeners/dialog/add-screener');
    await page.getByTestId('upload-dropzone').locator('input[type=file]').setInputFiles(clip);
    await expect(page.getByRole('button', { name: 'Choose another file' })).toBeVisible();
    const shown = page.getByRole('dialog').getByText(name, { exact: true });
    await expect(shown).toBeVisible();
    // Not one letter of it cut ("The_Long_…" beside the button).
    expect(await shown.evaluate((el) => el.scrollWidth <= el.clientWidth)).toBe(true);
  });
});

test('a preview that loaded the plain streams before encryption completed plays on, with no key', async ({
  page,
  request,
}) => {
  test.setTimeout(120_000);
  const me = await presenterWithEncryptedSample(request);
  await useToken(page, me.token);
  const fetched: { url: string; status: number }[] = [];
  page.on('response', (r) => {
    if (/\/v1\/videos\/[^/]+\/(hls|keys)\//.test(r.url())) fetched.push({ url: r.url(), status: r.status() });
  });
  // As a player opened while the film was still "Unencrypted" holds it: its master playlist names the
  // plain streams, and the film's encryption completed after its preview address was issued. (Waiting
  // for that moment in a real upload is a race this test would mostly lose.)
  await page.route(/\/hls\/master\.m3u8/, async (route) => {
    const db = await appDatabase();
    await db
      .query('UPDATE videos SET encrypted_at = now() WHERE id = $1', [me.videoId])
      .finally(() => db.end());
    const url = new URL(route.request().url());
    url.searchParams.set('stream', 'plain');
    return route.continue({ url: url.toString() });
  });
  await page.goto(`/screeners/${me.videoId}/overview`);
  await expectPlaying(page);
  const segments = fetched.filter((f) => /\/seg_\d+\.ts\?/.test(f.url));
  expect(segments.length).toBeGreaterThan(0);
  expect(segments.every((s) => s.status === 200 && s.url.endsWith('&stream=plain'))).toBe(true);
  expect(fetched.filter((f) => f.url.includes('/keys/'))).toEqual([]);
  await expect(page.getByTestId('preview-video').locator('..').getByRole('alert')).toHaveCount(0);
});
