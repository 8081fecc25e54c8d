/** What the address names: a tracking link (`/watch/{token}`) or an anonymous link (`/watch/a/{code}`). */
export type WatchRoute =
  | { kind: 'link'; token: string }
  | { kind: 'anonymous'; code: string }
  | { kind: 'none' };

/**
 * Punctuation a link picks up when copied from a sentence ("watch it here: …/watch/Ab3x." or "(…)").
 * Tokens and codes never end with it.
 */
const TRAILING_PUNCTUATION = /[.,;:!?)\]}>'"\u2019\u201d]+$/;

export function parseWatchRoute(pathname: string): WatchRoute {
  const parts = pathname
    .split('/')
    .filter(Boolean)
    .map((part) => safeDecode(part).replace(TRAILING_PUNCTUATION, ''))
    .filter(Boolean);
  if (parts[0] !== 'watch') return { kind: 'none' };
  if (parts[1] === 'a' && parts[2] && parts.length === 3) return { kind: 'anonymous', code: parts[2] };
  if (parts[1] && parts.length === 2) return { kind: 'link', token: parts[1] };
  return { kind: 'none' };
}

/** A malformed escape (%E0%A4%A) is kept as typed rather than breaking the page. */
function safeDecode(part: string) {
  try {
    return decodeURIComponent(part);
  } catch {
    return part;
  }
}

/** The address a route is read from best: the one the viewer should see and bookmark. */
export function routePath(route: WatchRoute) {
  if (route.kind === 'link') return `/watch/${encodeURIComponent(route.token)}`;
  if (route.kind === 'anonymous') return `/watch/a/${encodeURIComponent(route.code)}`;
  return null;
}
