import { mkdirSync } from 'node:fs';
import { type APIRequestContext, expect, type Page, test } from '@playwright/test';
import { finishOnboardingByApi, signUpByApi, uniqueEmail, useToken } from '../support/auth';
import { auth, createTrackingLink, emptyLibrary } from '../support/films';
import { iPhoneContext, pathOf, viewerPage } from '../support/viewer';
import { linkVimeoByApi } from '../support/vimeo';
import { installVimeoPlayerFake } from '../support/vimeo-player-fake';

const shots = 'screenshots';
mkdirSync(shots, { recursive: true });

/** A hidden (unlisted) film: Vimeo's player plays it only with its privacy hash. */
const FILM = { vimeoId: '760002', title: 'Salt and Ash', duration: 1720 };

type ReplayEvent = { seq: number; type: string; position: number; data: Record<string, number> | null };
type Session = { session_id: string; watched_minutes: number; coverage: number; views: number };

/** A presenter whose only film is FILM, imported from their linked Vimeo account through the API. */
async function presenterWithVimeoFilm(request: APIRequestContext) {
  const presenter = await signUpByApi(request);
  await finishOnboardingByApi(request, presenter.token);
  const headers = auth(presenter.token);
  // The FREE plan holds one film: the sample made at registration makes way.
  await emptyLibrary(request, presenter.token);
  await linkVimeoByApi(request, presenter.token);
  const imported = await request.post('/v1/videos', {
    headers,
    data: { source: 'vimeo', vimeo_id: FILM.vimeoId },
  });
  expect(imported.status(), await imported.text()).toBe(201);
  const video = (await imported.json()).video as {
    id: string;
    type: string;
    status: string;
    vimeo_hash: string | null;
  };
  expect(video.type).toBe('vimeo');
  expect(video.status).toBe('ready-to-use');
  expect(video.vimeo_hash).toBeTruthy();
  return { ...presenter, videoId: video.id, vimeoHash: video.vimeo_hash! };
}

/**
 * A presenter's link to FILM, opened in the viewer's own page `viewer`, where player.vimeo.com is the
 * local fake (`fake`: where its "Jump to" goes, how long a jump loads). Page errors are collected from
 * before the page opens.
 */
async function openVimeoLink(
  request: APIRequestContext,
  viewer: Page,
  to: { name: string; emailTag: string },
  fake: { jumpTo?: number; seekMs?: number } = {},
) {
  const presenter = await presenterWithVimeoFilm(request);
  const link = await createTrackingLink(request, presenter.token, {
    video_id: presenter.videoId,
    viewer_name: to.name,
    viewer_email: uniqueEmail(to.emailTag),
  });
  await installVimeoPlayerFake(viewer, { duration: FILM.duration, ...fake });
  const pageErrors: string[] = [];
  viewer.on('pageerror', (error) => pageErrors.push(error.message));
  await viewer.goto(pathOf(link.access_url));
  const iframe = viewer.locator(`iframe[title="${FILM.title}"]`);
  return { presenter, link, iframe, pageErrors };
}

/** The presenter's view of a link's sessions, and of one session's events (its replay). */
function analyticsOf(request: APIRequestContext, token: string, linkId: string) {
  const sessions = async () => {
    const res = await request.post(`/v1/screeners/${linkId}/analytics`, { headers: auth(token), data: {} });
    expect(res.ok()).toBeTruthy();
    return (await res.json()).results as Session[];
  };
  const replay = async (sessionId: string) => {
    const res = await request.get(`/v1/screeners/${linkId}/analytics/${sessionId}`, {
      headers: auth(token),
    });
    expect(res.ok()).toBeTruthy();
    return (await res.json()) as { session: Session; events: ReplayEvent[] };
  };
  return { sessions, replay };
}

test('a viewer plays, jumps and pauses a Vimeo film in Vimeo’s player, and the presenter sees it', async ({
  browser,
  page,
  request,
}) => {
  // The viewer's own browser, where player.vimeo.com is the local fake.
  const viewer = await viewerPage(browser);
  const { presenter, link, iframe, pageErrors } = await openVimeoLink(
    request,
    viewer,
    { name: 'Vera Vimeo', emailTag: 'vimeo-viewer' },
    { jumpTo: 60 },
  );
  await expect(viewer.getByRole('heading', { name: FILM.title })).toBeVisible();
  await expect(iframe).toHaveAttribute(
    'src',
    new RegExp(`^https://player\\.vimeo\\.com/video/${FILM.vimeoId}\\?h=${presenter.vimeoHash}&`),
  );
  // @vimeo/player marks the iframe once the player inside answered: the handshake worked.
  await expect(iframe).toHaveAttribute('data-ready', 'true');

  const player = viewer.frameLocator(`iframe[title="${FILM.title}"]`);
  const clock = player.locator('#time');
  await player.getByRole('button', { name: 'Play' }).click();
  await expect(clock).toHaveText(/^0:0[3-9] \//, { timeout: 10_000 });
  await player.getByRole('button', { name: 'Jump to 1:00' }).click();
  await expect(clock).toHaveText(/^1:0[2-9] \//, { timeout: 10_000 });
  await player.getByRole('button', { name: 'Pause' }).click();
  await expect(player.getByRole('button', { name: 'Play' })).toBeVisible();
  await viewer.screenshot({ path: `${shots}/watch-vimeo.png` });
  // The network lost: said over Vimeo's player as over ours, and no longer once it is back.
  await viewer.context().setOffline(true);
  await expect(viewer.getByTestId('watch-connection-lost')).toBeVisible();
  await viewer.screenshot({ path: `${shots}/watch-vimeo-connection-lost.png` });
  await viewer.context().setOffline(false);
  await expect(viewer.getByTestId('watch-connection-lost')).toHaveCount(0);
  // The film's text tracks, from Vimeo's player, in our menu; Vimeo switches and draws them.
  const cc = viewer.getByRole('button', { name: 'Subtitles', exact: true });
  await expect(cc).toHaveAttribute('aria-pressed', 'false');
  await viewer.getByRole('button', { name: 'Subtitles: Off' }).click();
  await viewer.getByRole('menuitemradio', { name: 'Español' }).click();
  await expect(cc).toHaveAttribute('aria-pressed', 'true');
  await expect(viewer.getByRole('button', { name: 'Subtitles: Español' })).toBeVisible();
  // Then in Vimeo's own menu, inside its frame: our menu follows, and it is the viewer's choice too.
  await player.getByLabel('Captions').selectOption('English CC');
  await expect(viewer.getByRole('button', { name: 'Subtitles: English CC' })).toBeVisible();
  expect(await viewer.evaluate(() => localStorage.getItem('screenroom.subtitles'))).toBe(
    '{"language":"en","kind":"captions"}',
  );
  // Muted with Vimeo's own button, inside its frame.
  await player.getByRole('button', { name: 'Mute' }).click();
  await expect(player.locator('#sound')).toHaveText('Muted');
  // Vimeo is told nothing of the viewer's address (it holds their link's token).
  const vimeoFrame = viewer.frames().find((f) => f.url().startsWith('https://player.vimeo.com/'));
  const told = await vimeoFrame!.evaluate(() => JSON.stringify((window as { received?: unknown }).received));
  expect(told).toContain('addEventListener');
  expect(told).toContain('{"method":"enableTextTrack","value":{"language":"es","kind":"subtitles"');
  expect(told).not.toContain(pathOf(link.access_url));

  // The presenter's analytics: one session, whose events (sent every 5 s) tell what was watched.
  const { sessions, replay } = analyticsOf(request, presenter.token, link.id);
  await expect.poll(async () => (await sessions()).length, { timeout: 15_000 }).toBe(1);
  const [session] = await sessions();
  await expect
    .poll(async () => (await replay(session!.session_id)).events.map((e) => e.type), { timeout: 15_000 })
    .toEqual(expect.arrayContaining(['play', 'seek', 'pause']));

  // Each subtitles choice once (ours, then Vimeo's menu; not Vimeo's answer to ours), and the muting.
  await expect
    .poll(
      async () =>
        (await replay(session!.session_id)).events
          .filter((e) => ['subtitles', 'volume'].includes(e.type))
          .map(({ type, data }) => ({ type, data })),
      { timeout: 15_000 },
    )
    .toEqual([
      { type: 'subtitles', data: { language: 'es', kind: 'subtitles' } },
      { type: 'subtitles', data: { language: 'en', kind: 'captions' } },
      { type: 'volume', data: { volume: 1, muted: true } },
    ]);

  const { session: summary, events } = await replay(session!.session_id);
  // Vimeo buffers while the jump loads: that is the jump's wait, not buffering.
  expect(events.map((e) => e.type)).not.toContain('buffering');
  const played = events.filter((e) => ['play', 'seek', 'pause'].includes(e.type));
  expect(played.map((e) => e.type)).toEqual(['play', 'seek', 'pause']);
  const [play, seek, pause] = played as [ReplayEvent, ReplayEvent, ReplayEvent];
  expect(play.position).toBeLessThan(0.5);
  // The jump: from where the viewer was (after 3 s or so) to 1:00.
  expect(seek.position).toBe(60);
  expect(seek.data?.at).toBeGreaterThanOrEqual(2.5);
  expect(seek.data?.at).toBeLessThan(6);
  // Its stretch starts at the play, or where a progress report (every 5 s) left off on a slow machine;
  // the stretches below check that together they cover 0:00 to the jump without a gap.
  expect(seek.data?.from).toBeGreaterThanOrEqual(play.position);
  expect(seek.data?.from).toBeLessThanOrEqual(seek.data!.at!);
  expect(pause.position).toBeGreaterThanOrEqual(62);
  expect(pause.position).toBeLessThan(66);
  // The stretches played, as reported (progress splits them every 5 s): 0:00 to the jump, 1:00 to the pause.
  const stretches: [number, number][] = [];
  for (const e of events) {
    if (e.data?.from === undefined) continue;
    const to = e.type === 'seek' ? e.data.at! : e.position;
    const last = stretches.at(-1);
    if (last && last[1] === e.data.from) last[1] = to;
    else stretches.push([e.data.from, to]);
  }
  expect(stretches).toEqual([
    [play.position, seek.data?.at],
    [60, pause.position],
  ]);
  // About 5 s watched: the skipped minute is not.
  expect(summary.watched_minutes).toBeGreaterThan(0);
  expect(summary.watched_minutes).toBeLessThan(0.2);
  expect(summary.coverage).toBeLessThan(0.1);
  expect(summary.views).toBe(1);
  expect(pageErrors).toEqual([]);

  // The link's overview lists the session.
  await useToken(page, presenter.token);
  await page.goto(`/screeners/${presenter.videoId}/tracking-links/${link.id}/overview`);
  await expect(page.getByTestId('session-row')).toHaveCount(1);
  await viewer.context().close();
});

test('a phone viewer fills the screen with a Vimeo film, jumps near its end and plays it out; the replay says just that', async ({
  browser,
  request,
}) => {
  // On an iPhone, whose Safari has no fullscreen for an element: the player fills the window instead.
  const phone = await iPhoneContext(browser);
  const viewer = await phone.newPage();
  // The jump's picture takes 6 s to come: longer than the 5 s between progress reports.
  const { presenter, link, iframe } = await openVimeoLink(
    request,
    viewer,
    { name: 'Paulo Phone', emailTag: 'vimeo-phone' },
    { jumpTo: FILM.duration - 4, seekMs: 6000 },
  );
  await expect(iframe).toHaveAttribute('data-ready', 'true');
  const playerBox = viewer.locator('.watch-player');

  await viewer.getByRole('button', { name: 'Full screen' }).tap();
  await expect(playerBox).toHaveAttribute('data-fullscreen', 'true');
  expect(await playerBox.boundingBox()).toEqual({ x: 0, y: 0, width: 390, height: 844 });
  await viewer.screenshot({ path: `${shots}/watch-vimeo-phone-fills-screen.png` });
  await viewer.getByRole('button', { name: 'Exit full screen' }).tap();
  await expect(playerBox).not.toHaveAttribute('data-fullscreen');

  const player = viewer.frameLocator(`iframe[title="${FILM.title}"]`);
  const clock = player.locator('#time');
  await player.getByRole('button', { name: 'Play' }).tap();
  await expect(clock).toHaveText(/^0:0[2-9] \//, { timeout: 10_000 });
  await player.getByRole('button', { name: 'Jump to 28:36' }).tap();
  // Loaded after 6 s, then 4 s to the end.
  await expect(clock).toHaveText('28:40 / 28:40', { timeout: 20_000 });

  const { sessions, replay } = analyticsOf(request, presenter.token, link.id);
  await expect.poll(async () => (await sessions()).length, { timeout: 15_000 }).toBe(1);
  const [session] = await sessions();
  await expect
    .poll(async () => (await replay(session!.session_id)).events.map((e) => e.type), { timeout: 15_000 })
    .toContain('ended');
  const { session: summary, events } = await replay(session!.session_id);
  // Full screen, as the player filling the window, both ways.
  expect(events.filter((e) => e.type === 'fullscreen').map((e) => e.data)).toEqual([
    { on: true },
    { on: false },
  ]);
  // The end, with the stretch played up to it; no pause just before it.
  expect(events.map((e) => e.type)).not.toContain('pause');
  const ended = events.find((e) => e.type === 'ended')!;
  expect(ended.position).toBe(FILM.duration);
  expect(ended.data?.from).toBeGreaterThanOrEqual(FILM.duration - 4);
  // A progress report fell while the jump loaded: it says where the viewer jumped from, not where to
  // (from 0:00 to 28:36 would be a stretch played; the server counts up to 2 minutes of such).
  const seek = events.find((e) => e.type === 'seek')!;
  expect(seek.position).toBe(FILM.duration - 4);
  for (const e of events.filter((e) => e.seq < seek.seq))
    expect(e.position, e.type).toBeLessThanOrEqual(seek.data!.at!);
  // The 6 s the jump took to load are not buffering.
  expect(events.map((e) => e.type)).not.toContain('buffering');
  // About 6 s watched (some 2 s, then the last 4): the skipped 28 minutes are not.
  expect(summary.watched_minutes).toBeLessThan(0.2);
  expect(summary.coverage).toBeLessThan(0.1);
  await phone.close();
});

test('a viewer plays, jumps, mutes and fills the screen with a Vimeo film from the keyboard, on the page', async ({
  browser,
  request,
}) => {
  const viewer = await viewerPage(browser);
  const { presenter, link, iframe } = await openVimeoLink(request, viewer, {
    name: 'Kim Keys',
    emailTag: 'vimeo-keys',
  });
  await expect(iframe).toHaveAttribute('data-ready', 'true');
  const player = viewer.frameLocator(`iframe[title="${FILM.title}"]`);
  const clock = player.locator('#time');
  // Focus on the page, not inside Vimeo's frame (which keeps the keys pressed there).
  await viewer.getByRole('heading', { name: FILM.title }).click();

  await viewer.keyboard.press('Space');
  await expect(player.getByRole('button', { name: 'Pause' })).toBeVisible();
  await expect(clock).toHaveText(/^0:0[1-9] \//, { timeout: 10_000 });
  await viewer.keyboard.press('k');
  await expect(player.getByRole('button', { name: 'Play' })).toBeVisible();
  const before = await clock.textContent();
  await viewer.keyboard.press('ArrowRight');
  const seconds = (text: string | null) => {
    const [m, s] = text!.split(' /')[0]!.split(':').map(Number);
    return m! * 60 + s!;
  };
  await expect.poll(async () => seconds(await clock.textContent())).toBe(seconds(before) + 5);
  // The volume is reported once it stays put for 400 ms; m waits until that report has gone out.
  const volumeSent = viewer.waitForRequest(
    (r) => new URL(r.url()).pathname.endsWith('/events') && (r.postData() ?? '').includes('"volume"'),
    { timeout: 20_000 },
  );
  await viewer.keyboard.press('ArrowDown');
  await expect(player.locator('#sound')).toHaveText('Sound 90%');
  await volumeSent;
  await viewer.keyboard.press('m');
  await expect(player.locator('#sound')).toHaveText('Muted');
  await viewer.keyboard.press('f');
  await expect(viewer.locator('.watch-player')).toHaveAttribute('data-fullscreen', 'true');
  await viewer.keyboard.press('f');
  await expect(viewer.locator('.watch-player')).not.toHaveAttribute('data-fullscreen');

  // The replay: the volume once it stayed put, then the muting; each once, though Vimeo reports them too.
  const { sessions, replay } = analyticsOf(request, presenter.token, link.id);
  await expect.poll(async () => (await sessions()).length, { timeout: 15_000 }).toBe(1);
  const [session] = await sessions();
  await expect
    .poll(
      async () =>
        (await replay(session!.session_id)).events.filter((e) => e.type === 'volume').map((e) => e.data),
      { timeout: 15_000 },
    )
    .toEqual([
      { volume: 0.9, muted: false },
      { volume: 0.9, muted: true },
    ]);

  // Back on the link later: the film says where it resumes, and Start over plays it from the top.
  const stoppedAt = seconds(await clock.textContent());
  await viewer.context().close();
  const again = await viewerPage(browser);
  await installVimeoPlayerFake(again, { duration: FILM.duration });
  await again.goto(pathOf(link.access_url));
  const note = again.getByText(/^Resuming at/);
  await expect(note).toHaveText(new RegExp(`^Resuming at 0:${String(stoppedAt).padStart(2, '0')}`));
  await again.screenshot({ path: `${shots}/watch-vimeo-resuming.png` });
  // The Tab order: Start over and our buttons (over the picture), then the controls in Vimeo's frame.
  await expect(again.getByRole('button', { name: 'Subtitles', exact: true })).toBeVisible();
  await again.getByRole('button', { name: 'Start over' }).focus();
  for (const name of ['Subtitles', 'Subtitles: Off', 'Full screen']) {
    await again.keyboard.press('Tab');
    await expect(again.getByRole('button', { name, exact: true })).toBeFocused();
  }
  await again.keyboard.press('Tab');
  const resumed = again.frameLocator(`iframe[title="${FILM.title}"]`);
  await expect(resumed.getByRole('button', { name: 'Play' })).toBeFocused();
  await again.screenshot({ path: `${shots}/watch-vimeo-tab-into-frame.png` });
  await expect(resumed.locator('#time')).toHaveText(new RegExp(`^0:${String(stoppedAt).padStart(2, '0')} /`));
  await again.getByRole('button', { name: 'Start over' }).click();
  await expect(resumed.getByRole('button', { name: 'Pause' })).toBeVisible();
  await expect(resumed.locator('#time')).toHaveText(/^0:0[0-4] \//);
  await expect(note).toHaveCount(0);
  await again.context().close();
});
