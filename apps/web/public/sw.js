// Screenroom's service worker (scope /): keeps the app shell (index.html and the hashed JS, CSS and font
// files) so the app starts fast and opens offline. It never caches API answers, films, streams or keys:
// anything not listed below goes straight to the network, untouched.
const SHELL_CACHE = 'screenroom-shell-v1';
// The app is about 150 scripts, styles and fonts; a smaller cache evicted its own core files (React, the
// entry) while one visit loaded the rest, and fetched them again on the next.
const MAX_ASSETS = 400;

const isShellAsset = (url) =>
  url.origin === self.location.origin &&
  (/^\/assets\/[^/]+\.(js|css|woff2?|svg|png)$/.test(url.pathname) ||
    url.pathname === '/favicon.svg' ||
    url.pathname === '/color-scheme.js');

self.addEventListener('install', () => self.skipWaiting());

self.addEventListener('activate', (event) => {
  event.waitUntil(
    (async () => {
      for (const key of await caches.keys()) if (key !== SHELL_CACHE) await caches.delete(key);
      await self.clients.claim();
    })(),
  );
});

async function trim(cache) {
  const keys = await cache.keys();
  for (const request of keys.slice(0, Math.max(0, keys.length - MAX_ASSETS))) await cache.delete(request);
}

/** One trim after a burst of new files, not one per file: each read every key while a page waited. */
let trimming = null;
function trimSoon(cache) {
  trimming ??= new Promise((resolve) => setTimeout(resolve, 1000))
    .then(() => trim(cache))
    .finally(() => {
      trimming = null;
    });
  return trimming;
}

/** Pages: the network first (a deploy shows at once); offline, the last app shell. */
async function page(request) {
  const cache = await caches.open(SHELL_CACHE);
  try {
    const response = await fetch(request);
    if (response.ok && (response.headers.get('content-type') ?? '').includes('text/html')) {
      await cache.put('/index.html', response.clone());
    }
    return response;
  } catch (error) {
    const shell = await cache.match('/index.html');
    if (shell) return shell;
    throw error;
  }
}

/** Hashed assets never change: the cache first. A new one is kept after the page has it, not before. */
async function asset(event) {
  const { request } = event;
  const cache = await caches.open(SHELL_CACHE);
  const cached = await cache.match(request);
  if (cached) return cached;
  const response = await fetch(request);
  if (response.ok && response.status === 200) {
    const copy = response.clone();
    event.waitUntil(cache.put(request, copy).then(() => trimSoon(cache)));
  }
  return response;
}

self.addEventListener('fetch', (event) => {
  const { request } = event;
  if (request.method !== 'GET' || request.headers.has('range')) return;
  const url = new URL(request.url);
  if (url.origin !== self.location.origin) return;
  if (/^\/(v1|api|dev|watch)(\/|$)/.test(url.pathname)) return;
  if (request.mode === 'navigate') {
    event.respondWith(page(request));
    return;
  }
  if (isShellAsset(url)) event.respondWith(asset(event));
});
