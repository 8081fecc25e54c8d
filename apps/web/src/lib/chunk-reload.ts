import { CHUNK_RELOAD_THROTTLE_MS } from '@screenroom/shared/constants';

const KEY = 'screenroom.chunk-reload-at';

export const isChunkLoadError = (error: unknown) =>
  error instanceof Error &&
  /Failed to fetch dynamically imported module|Importing a module script failed|error loading dynamically imported module|Unable to preload CSS/i.test(
    error.message,
  );

/** Whether the server answers now: any answer counts (a 503 from a database down still serves code). */
export async function serverAnswers() {
  try {
    await fetch('/v1/health', { cache: 'no-store' });
    return true;
  } catch {
    return false;
  }
}

/**
 * After a deploy, an open tab may ask for chunks that no longer exist: reload to get the new app, but at
 * most once a minute, so a real outage does not loop. A chunk also fails while the server or the network
 * is down; reloading then left the presenter on the browser's own "site can't be reached" page, so the
 * reload waits for the server to answer. Resolves to whether a reload was started.
 */
export async function reloadForNewVersion(
  now = Date.now(),
  storage: Storage = window.localStorage,
  reachable: () => Promise<boolean> = serverAnswers,
) {
  const last = Number(storage.getItem(KEY) ?? 0);
  if (now - last < CHUNK_RELOAD_THROTTLE_MS) return false;
  if (!(await reachable())) return false;
  storage.setItem(KEY, String(now));
  window.location.reload();
  return true;
}

/**
 * Not at once: a route's chunk failing fails its navigation, which React Router then commits and its
 * error page reloads, on the page that was asked for (reloading at once reloaded the page the click
 * left, and the click was lost). This reload, later, is for chunks loaded outside navigation.
 */
export function installChunkReload(delayMs = 2000) {
  const onPreloadError = () => setTimeout(() => void reloadForNewVersion(), delayMs);
  window.addEventListener('vite:preloadError', onPreloadError);
  return () => window.removeEventListener('vite:preloadError', onPreloadError);
}
