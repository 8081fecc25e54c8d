/**
 * Registers the service worker (scope `/`), which keeps the app shell for fast and offline starts. Where
 * service workers are unsupported or refused (private windows, old browsers), nothing happens: silently.
 */
export async function registerServiceWorker(nav: Navigator = navigator, url = '/sw.js') {
  try {
    if (!('serviceWorker' in nav) || !nav.serviceWorker) return undefined;
    return await nav.serviceWorker.register(url, { scope: '/' });
  } catch {
    return undefined;
  }
}
