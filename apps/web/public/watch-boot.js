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
  // A presenter signed in on this browser (lib/auth-token.ts's key): their own preview link opens.
  let presenterToken = null;
  try {
    presenterToken = window.localStorage.getItem('screenroom.token');
  } catch {}
  const headers = { 'content-type': 'application/json' };
  if (presenterToken) headers.authorization = `Bearer ${presenterToken}`;
  // The session this tab had open on this link, left as the page before went away (a reload): it goes
  // on. features/watch/resume-record.ts writes the record (and reads it the same way).
  let resume;
  try {
    const r = JSON.parse(window.sessionStorage.getItem('screenroom.watch.resume') ?? 'null');
    if (
      r &&
      r.token === token &&
      typeof r.sessionId === 'string' &&
      typeof r.secret === 'string' &&
      Number.isInteger(r.nextSeq)
    )
      resume = { sessionId: r.sessionId, secret: r.secret, nextSeq: r.nextSeq };
  } catch {}
  window.screenroomOpening = {
    token,
    response: fetch(`/v1/watch/links/${encodeURIComponent(token)}/sessions`, {
      method: 'POST',
      headers,
      body: JSON.stringify(resume ? { resume } : {}),
    }),
  };
  // A failure is handled where the page awaits it; this only keeps it from being reported early.
  window.screenroomOpening.response.catch(() => undefined);
})();
