/**
 * The watch page: (1) the gzipped JavaScript it needs before the first frame (its entry and every module
 * it preloads, hls.js included; target at most 200 kB), and (2) the time from opening the link to the
 * first frame in Chromium, against a bare hls.js page that does the same work (opens a session, loads
 * the same encrypted stream from the same server, plays on a click): ratio target at most 1.3.
 *
 *   npm run build && npm run bench:watch      (BENCH_WATCH_RUNS=7 by default)
 */
import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { gzipSync } from 'node:zlib';
import { type Browser, chromium, type Page } from 'playwright-core';
import { json, met, root, signIn, startBuiltServer } from './support/built-server';
import { median } from './support/median';

const RUNS = Number(process.env.BENCH_WATCH_RUNS ?? 7);
const dist = path.join(root, 'apps/web/dist');

/** The watch entry and the modules its page preloads: everything loaded before the player can start. */
async function pageWeight() {
  const html = await readFile(path.join(dist, 'watch.html'), 'utf8');
  const scripts = [...html.matchAll(/(?:src|href)="(\/assets\/[^"]+\.js)"/g)].map((m) => m[1]!);
  let raw = 0;
  let gzipped = 0;
  for (const script of scripts) {
    const bytes = await readFile(path.join(dist, script));
    raw += bytes.length;
    gzipped += gzipSync(bytes, { level: 9 }).length;
  }
  return { files: scripts.length, raw, gzipped };
}

/** The same work as the watch page, with nothing else: open the session, attach hls.js, play on a click. */
const BARE_PAGE = `<!doctype html><html><body style="margin:0;background:#000">
<video id="v" style="width:100%" playsinline></video><button id="play" hidden>Play</button>
<script src="/bench-hls.js"></script>
<script>
(async () => {
  const token = location.hash.slice(1);
  const s = await (await fetch('/v1/watch/links/' + token + '/sessions', { method: 'POST' })).json();
  const hls = new Hls({ xhrSetup: (xhr, url) => xhr.open('GET', url, true) });
  hls.loadSource('/v1/watch/sessions/' + s.sessionId + '/master.m3u8?token=' + encodeURIComponent(s.playbackToken));
  hls.attachMedia(document.getElementById('v'));
  const button = document.getElementById('play');
  button.hidden = false;
  button.onclick = () => document.getElementById('v').play();
})();
</script></body></html>`;

/** Marks the first presented frame of any video, in the page's own clock (0 = navigation start). */
const FIRST_FRAME_PROBE = () => {
  document.addEventListener(
    'playing',
    (event) => {
      const video = event.target as HTMLVideoElement;
      video.requestVideoFrameCallback(() => {
        (window as unknown as { firstFrame?: number }).firstFrame ??= performance.now();
      });
    },
    true,
  );
};

async function timeToFirstFrame(
  browser: Browser,
  url: string,
  playButton: (page: Page) => ReturnType<Page['getByRole']>,
) {
  const context = await browser.newContext();
  const page = await context.newPage();
  await page.addInitScript(FIRST_FRAME_PROBE);
  const hlsLight = await readFile(path.join(root, 'node_modules/hls.js/dist/hls.light.min.js'));
  await page.route('**/bench-bare.html', (route) =>
    route.fulfill({ contentType: 'text/html', body: BARE_PAGE }),
  );
  await page.route('**/bench-hls.js', (route) =>
    route.fulfill({ contentType: 'text/javascript', body: hlsLight }),
  );
  await page.goto(url);
  await playButton(page).click();
  await page.waitForFunction(
    () => (window as unknown as { firstFrame?: number }).firstFrame !== undefined,
    null,
    {
      timeout: 30_000,
    },
  );
  const ms = await page.evaluate(() => (window as unknown as { firstFrame: number }).firstFrame);
  await context.close();
  return ms;
}

async function main() {
  const weight = await pageWeight();
  console.log(
    `Watch page JavaScript before the first frame: ${weight.files} files, ${(weight.raw / 1024).toFixed(0)} kB, ` +
      `${(weight.gzipped / 1024).toFixed(1)} kB gzipped (target <= 200 kB): ${met(weight.gzipped <= 200 * 1024)}`,
  );

  const server = await startBuiltServer(
    { SAMPLE_FILM_SECONDS: '8', X264_PRESET: 'ultrafast', AUTH_RATE_LIMIT_PER_MINUTE: '10000' },
    '.bench-watch-',
  );
  const browser = await chromium.launch({
    executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
    args: ['--no-sandbox', '--autoplay-policy=no-user-gesture-required', '--disable-gpu'],
  });
  try {
    const token = await signIn(server.url);
    const headers = { authorization: `Bearer ${token}`, 'content-type': 'application/json' };
    const { video } = await json<{ video: { id: string } }>(
      await fetch(`${server.url}/v1/videos/createSampleVideo`, {
        method: 'POST',
        headers: { authorization: headers.authorization },
      }),
    );
    for (let i = 0; ; i++) {
      const { video: now } = await json<{ video: { status: string } }>(
        await fetch(`${server.url}/v1/videos/${video.id}`, { headers }),
      );
      if (now.status === 'encryption-completed') break;
      if (i > 240) throw new Error(`The sample film was not encrypted in time (${now.status})`);
      await new Promise((r) => setTimeout(r, 500));
    }
    const { screener } = await json<{ screener: { access_url: string } }>(
      await fetch(`${server.url}/v1/screeners`, {
        method: 'POST',
        headers,
        body: JSON.stringify({ video_id: video.id, viewer_email: 'bench@viewer.test' }),
      }),
    );
    const linkToken = screener.access_url.split('/watch/')[1]!;
    const ours: number[] = [];
    const bare: number[] = [];
    // Alternated, after one unmeasured round of each (first compile and disk cache).
    for (let run = -1; run < RUNS; run++) {
      const o = await timeToFirstFrame(browser, `${server.url}/watch/${linkToken}`, (p) =>
        p.getByRole('button', { name: 'Play the film' }),
      );
      const b = await timeToFirstFrame(browser, `${server.url}/bench-bare.html#${linkToken}`, (p) =>
        p.getByRole('button', { name: 'Play' }),
      );
      if (run >= 0) {
        ours.push(o);
        bare.push(b);
      }
    }
    const ratio = median(ours) / median(bare);
    console.log(`Time from opening the link to the first frame (median of ${RUNS}):`);
    console.log(
      `  bare hls.js page: ${median(bare).toFixed(0)} ms  [${bare.map((v) => v.toFixed(0)).join(', ')}]`,
    );
    console.log(
      `  our watch page:   ${median(ours).toFixed(0)} ms  [${ours.map((v) => v.toFixed(0)).join(', ')}]`,
    );
    console.log(`  ratio ${ratio.toFixed(2)} (target <= 1.3): ${met(ratio <= 1.3)}`);
  } catch (error) {
    console.error(server.output());
    throw error;
  } finally {
    await browser.close();
    await server.stop();
  }
}

main().catch((error) => {
  console.error(error);
  process.exit(1);
});
