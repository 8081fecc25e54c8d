import { mkdirSync } from 'node:fs';
import { type APIRequestContext, expect, test } from '@playwright/test';
import { finishOnboardingByApi, signUpByApi, uniqueEmail, useToken } from '../support/auth';
import { auth, createTrackingLink, emptyLibrary } from '../support/films';
import { pathOf, viewerPage } from '../support/viewer';
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

test('a viewer plays, jumps and pauses a Vimeo film in Vimeo’s player, and the presenter sees it', async ({
  browser,
  page,
  request,
}) => {
  const presenter = await presenterWithVimeoFilm(request);
  const link = await createTrackingLink(request, presenter.token, {
    video_id: presenter.videoId,
    viewer_name: 'Vera Vimeo',
    viewer_email: uniqueEmail('vimeo-viewer'),
  });

  // The viewer's own browser, where player.vimeo.com is the local fake.
  const viewer = await viewerPage(browser);
  await installVimeoPlayerFake(viewer, { duration: FILM.duration, jumpTo: 60 });
  const pageErrors: string[] = [];
  viewer.on('pageerror', (error) => pageErrors.push(error.message));
  await viewer.goto(pathOf(link.access_url));
  await expect(viewer.getByRole('heading', { name: FILM.title })).toBeVisible();
  const iframe = viewer.locator(`iframe[title="${FILM.title}"]`);
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
  // Vimeo is told nothing of the viewer's address (it holds their link's token).
  const vimeoFrame = viewer.frames().find((f) => f.url().startsWith('https://player.vimeo.com/'));
  const told = await vimeoFrame!.evaluate(() => JSON.stringify((window as { received?: unknown }).received));
  expect(told).toContain('addEventListener');
  expect(told).toContain('{"method":"enableTextTrack","value":{"language":"es","kind":"subtitles"');
  expect(told).not.toContain(pathOf(link.access_url));

  // The presenter's analytics: one session, whose events (sent every 5 s) tell what was watched.
  const sessions = async () => {
    const res = await request.post(`/v1/screeners/${link.id}/analytics`, {
      headers: auth(presenter.token),
      data: {},
    });
    expect(res.ok()).toBeTruthy();
    return (await res.json()).results as Session[];
  };
  const replay = async (sessionId: string) => {
    const res = await request.get(`/v1/screeners/${link.id}/analytics/${sessionId}`, {
      headers: auth(presenter.token),
    });
    expect(res.ok()).toBeTruthy();
    return (await res.json()) as { session: Session; events: ReplayEvent[] };
  };
  await expect.poll(async () => (await sessions()).length, { timeout: 15_000 }).toBe(1);
  const [session] = await sessions();
  await expect
    .poll(async () => (await replay(session!.session_id)).events.map((e) => e.type), { timeout: 15_000 })
    .toEqual(expect.arrayContaining(['play', 'seek', 'pause']));

  const { session: summary, events } = await replay(session!.session_id);
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
