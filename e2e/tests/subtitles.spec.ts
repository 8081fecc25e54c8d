import { type APIRequestContext, type Browser, expect, type Page, test } from '@playwright/test';
import { uniqueEmail, useToken } from '../support/auth';
import { auth, createTrackingLink, presenterWithEncryptedSample } from '../support/films';
import { pathOf, viewerPage } from '../support/viewer';

// The film is encoded and encrypted first.
test.describe.configure({ timeout: 120_000 });

const shots = 'screenshots';

/**
 * An old-style SubRip file: windows-1252 ("é" is one byte), CRLF, a tag to keep and a "&" to show, and
 * a sign's translation placed at the top ({\an8}) so it does not cover the film's own subtitles.
 */
const frenchSrt = Buffer.from(
  '1\r\n00:00:00,200 --> 00:00:03,000\r\nBonjour, et <i>bienvenue</i>.\r\n\r\n' +
    '2\r\n00:00:03,000 --> 00:00:59,500\r\nTom & Jerry <b>regardent</b> le film de l\u00e9a.\r\n\r\n' +
    '3\r\n00:00:03,000 --> 00:00:59,500\r\n{\\an8}CAF\u00c9 DU PORT\r\n',
  'latin1',
);
/** PNG bytes under a subtitle file's name. */
const notSubtitles = Buffer.from('89504e470d0a1a0a0000000d49484452000000010000000108060000001f15c489', 'hex');

const currentTime = (page: Page) =>
  page.getByTestId('watch-video').evaluate((v: HTMLVideoElement) => v.currentTime);

async function chooseFile(page: Page, name: string, buffer: Buffer) {
  await page
    .getByTestId('subtitle-dropzone')
    .locator('input[type=file]')
    .setInputFiles({ name, mimeType: 'application/x-subrip', buffer });
  await expect(page.getByTestId('subtitle-file')).toContainText(name);
}

type Track = { language: string; label: string; name: string; buffer: Buffer };

/**
 * A presenter's encrypted sample holding only these tracks (added as a presenter adds them), and a
 * viewer's link to it.
 */
async function linkToFilmWithTracks(request: APIRequestContext, tracks: Track[], viewer: string) {
  const presenter = await presenterWithEncryptedSample(request, { withoutSubtitles: true });
  for (const { language, label, name, buffer } of tracks) {
    const added = await request.post(`/v1/videos/${presenter.videoId}/subtitles`, {
      headers: auth(presenter.token),
      multipart: { language, label, file: { name, mimeType: 'application/octet-stream', buffer } },
    });
    expect(added.status(), await added.text()).toBe(201);
  }
  return createTrackingLink(request, presenter.token, {
    video_id: presenter.videoId,
    viewer_email: uniqueEmail(viewer),
  });
}

/** The viewer's page in a window of this size, the film playing past its first second. */
async function playingAt(browser: Browser, url: string, viewport: { width: number; height: number }) {
  const context = await browser.newContext({ viewport });
  const viewer = await context.newPage();
  await viewer.goto(pathOf(url));
  await viewer.getByRole('button', { name: 'Play the film' }).click();
  await expect.poll(() => currentTime(viewer), { timeout: 20_000 }).toBeGreaterThan(1);
  return { context, viewer };
}

const sizes = [
  ['desktop', { width: 1280, height: 720 }],
  ['phone', { width: 390, height: 844 }],
] as const;

test('a presenter adds French subtitles and the viewer reads them over the playing film', async ({
  page,
  browser,
  request,
}) => {
  const presenter = await presenterWithEncryptedSample(request);
  await useToken(page, presenter.token);
  await page.goto(`/screeners/${presenter.videoId}/overview`);
  const section = page.getByTestId('subtitles-section');
  // The sample comes with English subtitles of its own; the presenter removes them like any track.
  await expect(section.getByTestId('subtitle-track')).toHaveCount(1);
  await expect(section.getByTestId('subtitle-track')).toContainText('English');
  await expect(section.getByTestId('subtitle-late')).toHaveCount(0);
  await section.getByRole('button', { name: 'Remove English' }).click();
  await page.getByRole('button', { name: 'Remove subtitles' }).click();
  await expect(section.getByTestId('subtitles-empty')).toBeVisible();
  // The track went with its Remove button: focus goes to the upload form, not to the page.
  await expect(section.getByRole('button', { name: 'Choose a file' })).toBeFocused();

  // A picture named .srt is refused in words, and nothing is added.
  await chooseFile(page, 'poster.srt', notSubtitles);
  await section.getByRole('button', { name: 'Add subtitles' }).click();
  await expect(section.getByTestId('subtitle-file-error')).toHaveText(
    'We could not read subtitles in this file (this is not a text file). Upload a SubRip (.srt) or WebVTT (.vtt) file.',
  );
  await expect(section.getByTestId('subtitle-track')).toHaveCount(0);

  await chooseFile(page, 'french.srt', frenchSrt);
  await section.getByRole('combobox', { name: 'Language' }).fill('Fren');
  await page.getByRole('option', { name: 'French', exact: true }).click();
  await section.getByRole('button', { name: 'Add subtitles' }).click();
  const track = section.getByTestId('subtitle-track');
  await expect(track).toHaveCount(1);
  await expect(track).toContainText('French');
  await expect(track).toContainText('3 lines');
  // The file runs to 0:59; the test's sample film is shorter: the presenter is told.
  await expect(track.getByTestId('subtitle-late')).toContainText('The last line comes after the film ends');
  await section.screenshot({ path: `${shots}/subtitles-section.png` });
  // The presenter checks them in the player on the film's page: its own captions menu offers the track,
  // whose lines the browser reads from the file the server keeps.
  const preview = page.getByTestId('preview-video');
  await expect(preview.locator('track')).toHaveAttribute('label', 'French');
  await expect
    .poll(() =>
      preview.evaluate((video: HTMLVideoElement) => {
        const textTrack = video.textTracks[0];
        if (!textTrack) return null;
        textTrack.mode = 'hidden';
        return textTrack.cues
          ? [...textTrack.cues].map((cue) => [(cue as VTTCue).text, (cue as VTTCue).line])
          : null;
      }),
    )
    .toEqual([
      ['Bonjour, et <i>bienvenue</i>.', 'auto'],
      ['Tom &amp; Jerry <b>regardent</b> le film de léa.', 'auto'],
      // The {\an8} as WebVTT's top line.
      ['CAFÉ DU PORT', 0],
    ]);

  // The viewer, on their own link: the film plays, they turn the subtitles on.
  const link = await createTrackingLink(request, presenter.token, {
    video_id: presenter.videoId,
    viewer_email: uniqueEmail('programmer'),
  });
  const viewer = await viewerPage(browser);
  const subtitleRequests: string[] = [];
  viewer.on('request', (r) => {
    if (r.url().includes('/subtitles/')) subtitleRequests.push(r.url());
  });
  await viewer.goto(pathOf(link.access_url));
  await viewer.getByRole('button', { name: 'Play the film' }).click();
  await expect.poll(() => currentTime(viewer), { timeout: 20_000 }).toBeGreaterThan(3.5);
  await expect(viewer.getByTestId('watch-subtitles')).toHaveCount(0);
  await viewer.keyboard.press('c');
  const lines = viewer.getByTestId('watch-subtitles');
  // Read from the server's WebVTT: the "é" of a windows-1252 file, the "&", and the bold kept as bold.
  const dialogue = lines.getByText('Tom & Jerry regardent le film de léa.');
  await expect(dialogue).toBeVisible();
  await expect(lines.locator('b')).toHaveText('regardent');
  // The sign is drawn in the upper half of the picture, the dialogue in the lower half.
  const sign = lines.getByText('CAFÉ DU PORT');
  await expect(sign).toBeVisible();
  const picture = await viewer.getByTestId('watch-video').evaluate((video: HTMLVideoElement) => {
    const box = video.getBoundingClientRect();
    const scale = Math.min(box.width / video.videoWidth, box.height / video.videoHeight);
    const height = video.videoHeight * scale;
    return { top: box.top + (box.height - height) / 2, middle: box.top + box.height / 2 };
  });
  const signBox = (await sign.boundingBox())!;
  const dialogueBox = (await dialogue.boundingBox())!;
  expect(signBox.y).toBeGreaterThanOrEqual(picture.top);
  expect(signBox.y + signBox.height).toBeLessThan(picture.middle);
  expect(dialogueBox.y).toBeGreaterThan(picture.middle);
  await expect(viewer.getByRole('button', { name: 'Subtitles', exact: true })).toHaveAttribute(
    'aria-pressed',
    'true',
  );
  await viewer.screenshot({ path: `${shots}/watch-subtitles.png` });
  // The track came with the playback token in a header, never in its address.
  expect(subtitleRequests).toHaveLength(1);
  expect(subtitleRequests[0]).not.toContain('token=');

  // Off again from the keyboard: the lines go.
  await viewer.keyboard.press('c');
  await expect(lines).toHaveCount(0);
  await viewer.close();

  // The presenter removes the track, after a confirm: the viewer's next opening offers none.
  await section.getByRole('button', { name: 'Remove French' }).click();
  await page.getByRole('button', { name: 'Remove subtitles' }).click();
  await expect(track).toHaveCount(0);
  const again = await viewerPage(browser);
  await again.goto(pathOf(link.access_url));
  await expect(again.getByRole('button', { name: 'Play the film' })).toBeVisible();
  await expect(again.getByRole('button', { name: 'Subtitles', exact: true })).toHaveCount(0);
});

// Every new presenter's sample film comes with English subtitles; no test had a viewer turn them on.
test('a viewer turns on the sample film’s own English subtitles from the menu and reads each line at its time', async ({
  browser,
  request,
}) => {
  const presenter = await presenterWithEncryptedSample(request);
  const link = await createTrackingLink(request, presenter.token, {
    video_id: presenter.videoId,
    viewer_email: uniqueEmail('sample-viewer'),
  });
  const viewer = await viewerPage(browser);
  await viewer.goto(pathOf(link.access_url));
  // Off until the viewer asks: the CC button says so, and no lines are drawn.
  const cc = viewer.getByRole('button', { name: 'Subtitles', exact: true });
  await expect(cc).toHaveAttribute('aria-pressed', 'false');
  await viewer.getByRole('button', { name: /^Subtitles, speed and quality/ }).click();
  await viewer.getByRole('menuitemradio', { name: 'English' }).click();
  await expect(viewer.getByRole('menu')).toHaveCount(0);
  await expect(cc).toHaveAttribute('aria-pressed', 'true');

  // The film plays: its first line (0.5 s to 3.5 s of the 8 s test film) shows in its time.
  const seen = () =>
    viewer.evaluate(() => ({
      time: document.querySelector<HTMLVideoElement>('[data-testid="watch-video"]')!.currentTime,
      text: document.querySelector('[data-testid="watch-subtitles"]')?.textContent ?? '',
    }));
  await viewer.getByRole('button', { name: 'Play the film' }).click();
  const lines = viewer.getByTestId('watch-subtitles');
  const first = 'A Screenroom sample: share it with a link per viewer,';
  // The time is checked on the very reading that saw the line.
  let during = { time: 0, text: '' };
  await expect
    .poll(
      async () => {
        during = await seen();
        return during.text;
      },
      { timeout: 20_000 },
    )
    .toContain(first);
  expect(during.time).toBeGreaterThanOrEqual(0.4);
  expect(during.time).toBeLessThanOrEqual(3.7);
  await expect(lines.getByText(first)).toBeVisible();

  // Seeking moves the lines with the film: the sign (4 s on, placed at the top) alone, then none.
  await viewer.keyboard.press('k');
  await expect
    .poll(() => viewer.getByTestId('watch-video').evaluate((v: HTMLVideoElement) => v.paused))
    .toBe(true);
  const seekTo = (seconds: number) =>
    viewer.getByTestId('watch-video').evaluate((v: HTMLVideoElement, at) => {
      v.currentTime = at;
    }, seconds);
  await seekTo(5);
  await expect(lines.getByText('[Sign: Screenroom sample]')).toBeVisible();
  await expect(lines.getByText(first)).toHaveCount(0);
  await viewer.screenshot({ path: `${shots}/watch-sample-subtitles.png` });
  await seekTo(0.2);
  await expect(lines.getByText('[Sign: Screenroom sample]')).toHaveCount(0);
  await expect(lines).toHaveText('');
  await seekTo(2);
  await expect(lines.getByText(first)).toBeVisible();
  await viewer.close();
});

test('the subtitles menu keeps its choices aligned, and all in sight on a tablet', async ({
  browser,
  request,
}) => {
  const vtt = Buffer.from('WEBVTT\n\n00:00:00.500 --> 00:00:03.000\nHello.\n');
  const link = await linkToFilmWithTracks(
    request,
    [
      { language: 'en', label: 'English', name: 'en.vtt', buffer: vtt },
      {
        language: 'fr',
        label: 'Français (sous-titres pour sourds et malentendants)',
        name: 'fr.vtt',
        buffer: vtt,
      },
    ],
    'programmer',
  );
  const menuButton = /^Subtitles, speed and quality/;

  // A label too long for one line wraps beside its tick's column, not into it.
  const desktop = await viewerPage(browser);
  await desktop.setViewportSize({ width: 1440, height: 900 });
  await desktop.goto(pathOf(link.access_url));
  await desktop.getByRole('button', { name: menuButton }).click();
  const items = desktop.getByRole('menuitemradio');
  await expect(items.last()).toHaveText(/sourds/);
  const textStarts = await items.evaluateAll((buttons) =>
    buttons.map((b) => Math.round(b.querySelector('.watch-menu-check')!.getBoundingClientRect().right)),
  );
  expect(new Set(textStarts).size).toBe(1);
  await desktop.getByRole('menu').screenshot({ path: `${shots}/watch-menu-long-label.png` });
  await desktop.close();

  // A tablet held upright, by touch: the menu does not hide the subtitles in a list to scroll.
  const tabletContext = await browser.newContext({ viewport: { width: 820, height: 1180 }, hasTouch: true });
  const tablet = await tabletContext.newPage();
  await tablet.goto(pathOf(link.access_url));
  await tablet.getByRole('button', { name: menuButton }).tap();
  const menu = tablet.getByRole('menu');
  expect(await menu.evaluate((el) => el.scrollHeight <= el.clientHeight)).toBe(true);
  for (const item of await menu.getByRole('menuitemradio').all()) await expect(item).toBeInViewport();
  await tablet.screenshot({ path: `${shots}/watch-menu-tablet.png` });
  await tabletContext.close();
});

test('two lines placed on the same line stand one under the other, and a Hebrew line runs right to left', async ({
  browser,
  request,
}) => {
  // A SubRip file's two signs at the top ({\an8}) at once, and a Hebrew line starting at its start side.
  const srt = Buffer.from(
    '1\n00:00:00,200 --> 00:00:59,000\n{\\an8}CAFÉ DU PORT\n\n' +
      '2\n00:00:00,200 --> 00:00:59,000\n{\\an8}HÔTEL DE LA GARE\n',
  );
  const vtt = Buffer.from('WEBVTT\n\n00:00:00.200 --> 00:00:59.000 size:40% align:start\nשלום, עולם!\n');
  const link = await linkToFilmWithTracks(
    request,
    [
      { language: 'fr', label: 'Français', name: 'fr.srt', buffer: srt },
      { language: 'he', label: 'עברית', name: 'he.vtt', buffer: vtt },
    ],
    'signs',
  );
  const { viewer } = await playingAt(browser, link.access_url, { width: 1280, height: 720 });
  const menuButton = /^Subtitles, speed and quality/;
  await viewer.getByRole('button', { name: menuButton }).click();
  await viewer.getByRole('menuitemradio', { name: 'Français' }).click();
  const lines = viewer.getByTestId('watch-subtitles');
  const cafe = lines.getByText('CAFÉ DU PORT');
  const hotel = lines.getByText('HÔTEL DE LA GARE');
  await expect(cafe).toBeVisible();
  await expect(hotel).toBeVisible();
  const [cafeBox, hotelBox] = [(await cafe.boundingBox())!, (await hotel.boundingBox())!];
  expect(hotelBox.y).toBeGreaterThanOrEqual(cafeBox.y + cafeBox.height);
  await viewer.screenshot({ path: `${shots}/subtitles-two-signs.png` });

  await viewer.getByRole('button', { name: menuButton }).click();
  await viewer.getByRole('menuitemradio', { name: 'עברית' }).click();
  const hebrew = lines.locator('.watch-subtitle-cue');
  await expect(hebrew).toHaveText('שלום, עולם!');
  await expect(hebrew).toHaveAttribute('dir', 'rtl');
  // Its box (40% wide) starts at the right: its text ends in the right half of the picture.
  const lanes = (await lines.boundingBox())!;
  const text = (await hebrew.locator('span').boundingBox())!;
  expect(text.x).toBeGreaterThan(lanes.x + lanes.width / 2);
  await viewer.screenshot({ path: `${shots}/subtitles-rtl.png` });
});

/** The picture's box on the page: the video's box less the black bands its shape leaves. */
const pictureBox = (page: Page) =>
  page.getByTestId('watch-video').evaluate((video: HTMLVideoElement) => {
    const box = video.getBoundingClientRect();
    const scale = Math.min(box.width / video.videoWidth, box.height / video.videoHeight);
    const [width, height] = [video.videoWidth * scale, video.videoHeight * scale];
    const left = box.left + (box.width - width) / 2;
    const top = box.top + (box.height - height) / 2;
    return { left, top, right: left + width, bottom: top + height };
  });

/** Every cue's box drawn on the page, and the control bar's top (null while it is hidden). */
const cueBoxes = (page: Page) =>
  page.getByTestId('watch-subtitles').evaluate((overlay) => {
    const drawn = [...overlay.querySelectorAll('.watch-subtitle-cue > span')].filter((span) =>
      span.checkVisibility({ visibilityProperty: true }),
    );
    const boxes = drawn.map((span) => {
      const r = span.getBoundingClientRect();
      return { text: span.textContent ?? '', top: r.top, bottom: r.bottom, left: r.left, right: r.right };
    });
    const controls = overlay.parentElement?.querySelector<HTMLElement>('.watch-controls');
    const shown = controls && overlay.parentElement?.getAttribute('data-controls') !== 'hidden';
    return { boxes, controlsTop: shown ? controls.getBoundingClientRect().top : null };
  });

test('cues on different lines showing at once are never drawn over each other, on a desktop and on a phone', async ({
  browser,
  request,
}) => {
  // Two signs of two lines each at the top (line:0 and line:1), two lines of dialogue at the bottom and a
  // cue one line above them (line:-2): as their lines say, each would cover another.
  const vtt = Buffer.from(
    'WEBVTT\n\n' +
      '00:00:00.200 --> 00:00:59.000 line:0\nLA GAZETTE DU PORT\nÉdition du soir\n\n' +
      '00:00:00.200 --> 00:00:59.000 line:1\nHÔTEL DE LA GARE\nChambres libres\n\n' +
      '00:00:00.200 --> 00:00:59.000\n- Who is there?\n\n' +
      '00:00:00.200 --> 00:00:59.000\n- Nobody.\n\n' +
      '00:00:00.200 --> 00:00:59.000 line:-2\n[A door closes]\n',
  );
  const link = await linkToFilmWithTracks(
    request,
    [{ language: 'en', label: 'English', name: 'en.vtt', buffer: vtt }],
    'lanes',
  );
  // On a phone with the control bar showing, the picture has room for six of the seven lines: the last
  // cue placed is left out, as WebVTT leaves out a cue it finds no room for.
  for (const [name, viewport, drawnCount] of [
    ['desktop', { width: 1280, height: 720 }, 5],
    ['phone', { width: 390, height: 844 }, 4],
  ] as const) {
    const { context, viewer } = await playingAt(browser, link.access_url, viewport);
    // Paused, so the control bar shows and stays.
    await viewer.getByTestId('watch-video').evaluate((video: HTMLVideoElement) => video.pause());
    await viewer.keyboard.press('c');
    const lines = viewer.getByTestId('watch-subtitles');
    await expect(lines.locator('.watch-subtitle-cue')).toHaveCount(5);
    await expect(viewer.locator('.watch-player')).not.toHaveAttribute('data-controls', 'hidden');
    // The lifts' transition over.
    await viewer.waitForTimeout(400);
    const picture = await pictureBox(viewer);
    const { boxes, controlsTop } = await cueBoxes(viewer);
    expect(controlsTop, name).not.toBeNull();
    expect(boxes, name).toHaveLength(drawnCount);
    for (const box of boxes) {
      expect(box.top, `${name}: ${box.text}`).toBeGreaterThanOrEqual(picture.top - 0.5);
      expect(box.bottom, `${name}: ${box.text}`).toBeLessThanOrEqual(
        Math.min(picture.bottom, controlsTop!) + 0.5,
      );
      expect(box.left, `${name}: ${box.text}`).toBeGreaterThanOrEqual(picture.left - 0.5);
      expect(box.right, `${name}: ${box.text}`).toBeLessThanOrEqual(picture.right + 0.5);
    }
    for (const [i, a] of boxes.entries())
      for (const b of boxes.slice(i + 1)) {
        const apart = a.bottom <= b.top + 0.5 || b.bottom <= a.top + 0.5;
        expect(apart, `${name}: "${a.text}" and "${b.text}" overlap`).toBe(true);
      }
    // Each still on the side its line counts from: the signs in the upper half, the others under them.
    const middle = (picture.top + picture.bottom) / 2;
    const byText = (start: string) => boxes.find((box) => box.text.startsWith(start))!;
    const hotel = boxes.find((box) => box.text.startsWith('HÔTEL'));
    if (hotel) expect(hotel.top).toBeGreaterThan(byText('LA GAZETTE').top);
    expect((hotel ?? byText('LA GAZETTE')).bottom).toBeLessThan(middle);
    expect(byText('[A door').bottom).toBeLessThanOrEqual(byText('- Who').top + 0.5);
    expect(byText('[A door').top).toBeGreaterThan((hotel ?? byText('LA GAZETTE')).bottom);
    expect(byText('- Who').bottom).toBeLessThanOrEqual(byText('- Nobody').top + 0.5);
    await viewer.screenshot({ path: `${shots}/subtitles-lanes-${name}.png` });
    await context.close();
  }
});

test('a cue with a left-to-right line and a right-to-left line runs each its own way', async ({
  browser,
  request,
}) => {
  const vtt = Buffer.from('WEBVTT\n\n00:00:00.200 --> 00:00:59.000\nHello, world!\nשלום, עולם!\n');
  const link = await linkToFilmWithTracks(
    request,
    [{ language: 'he', label: 'Bilingual', name: 'bi.vtt', buffer: vtt }],
    'bidi',
  );
  for (const [name, viewport] of sizes) {
    const { context, viewer } = await playingAt(browser, link.access_url, viewport);
    await viewer.keyboard.press('c');
    const cue = viewer.getByTestId('watch-subtitles').locator('.watch-subtitle-cue');
    await expect(cue).toContainText('שלום');
    // Where each line's "!" is drawn against its first letter: after it, as each line's own direction says.
    const marks = await cue.evaluate((element) => {
      const text = element.querySelector('span')!.firstChild as Text;
      const x = (index: number) => {
        const range = document.createRange();
        range.setStart(text, index);
        range.setEnd(text, index + 1);
        return range.getBoundingClientRect().left;
      };
      const value = text.data;
      const hebrew = value.indexOf('ש');
      return {
        english: { first: x(0), bang: x(value.indexOf('!')) },
        hebrew: { first: x(hebrew), bang: x(value.lastIndexOf('!')) },
      };
    });
    expect(marks.english.bang, name).toBeGreaterThan(marks.english.first);
    expect(marks.hebrew.bang, name).toBeLessThan(marks.hebrew.first);
    await viewer.screenshot({ path: `${shots}/subtitles-bidi-${name}.png` });
    await context.close();
  }
});

test('a cue placed at a percentage of the picture’s height stands there by its top, middle or bottom, as its line says', async ({
  browser,
  request,
}) => {
  const vtt = Buffer.from(
    'WEBVTT\n\n' +
      '00:00:00.200 --> 00:00:59.000 line:10%\nTop at a tenth\n\n' +
      '00:00:00.200 --> 00:00:59.000 line:45%,center\nMiddle at 45%\n\n' +
      '00:00:00.200 --> 00:00:59.000 line:75%,end\nBottom at three quarters\n',
  );
  const link = await linkToFilmWithTracks(
    request,
    [{ language: 'en', label: 'English', name: 'en.vtt', buffer: vtt }],
    'percent',
  );
  for (const [name, viewport] of sizes) {
    const { context, viewer } = await playingAt(browser, link.access_url, viewport);
    await viewer.getByTestId('watch-video').evaluate((video: HTMLVideoElement) => video.pause());
    await viewer.keyboard.press('c');
    await expect(viewer.getByTestId('watch-subtitles').locator('.watch-subtitle-cue')).toHaveCount(3);
    await viewer.waitForTimeout(400);
    const picture = await pictureBox(viewer);
    const at = (share: number) => picture.top + share * (picture.bottom - picture.top);
    const { boxes, controlsTop } = await cueBoxes(viewer);
    // Within a few pixels: a line's text box stands inside its line's height.
    const byText = (start: string) => boxes.find((box) => box.text.startsWith(start))!;
    expect(byText('Top').top, name).toBeCloseTo(at(0.1), -1);
    expect((byText('Middle').top + byText('Middle').bottom) / 2, name).toBeCloseTo(at(0.45), -1);
    if (name === 'desktop') expect(byText('Bottom').bottom, name).toBeCloseTo(at(0.75), -1);
    // On a phone the control bar covers the picture's lower half: the cue is moved above it.
    else expect(byText('Bottom').bottom, name).toBeLessThanOrEqual(controlsTop!);
    await viewer.screenshot({ path: `${shots}/subtitles-percent-${name}.png` });
    await context.close();
  }
});
