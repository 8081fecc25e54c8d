// Starts opening the viewer's session while the watch page's JavaScript is still downloading: the
// page's code takes this request over (features/watch/api.ts) instead of sending its own. It reads the path as
// features/watch/watch-route.ts does (a classic script cannot import it); left out of the build when the
// API is on another origin (vite.config.ts).
(() => {
  const match = /^\/watch\/([^/]+)\/?$/.exec(window.location.pathname);
  if (!match || match[1] === 'a') return;
  let token;
  try {
    token = decodeURIComponent(match[1]);
  } catch {
    return;
  }
  window.screenroomOpening = {
    token,
    response: fetch(`/v1/watch/links/${encodeURIComponent(token)}/sessions`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: '{}',
    }),
  };
  // A failure is handled where the page awaits it; this only keeps it from being reported early.
  window.screenroomOpening.response.catch(() => undefined);
})();
