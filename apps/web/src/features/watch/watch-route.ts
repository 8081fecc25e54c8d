/** What the address names: a tracking link (`/watch/{token}`) or an anonymous link (`/watch/a/{code}`). */
export type WatchRoute =
  | { kind: 'link'; token: string }
  | { kind: 'anonymous'; code: string }
  | { kind: 'none' };

export function parseWatchRoute(pathname: string): WatchRoute {
  const parts = pathname.split('/').filter(Boolean).map(decodeURIComponent);
  if (parts[0] !== 'watch') return { kind: 'none' };
  if (parts[1] === 'a' && parts[2] && parts.length === 3) return { kind: 'anonymous', code: parts[2] };
  if (parts[1] && parts.length === 2) return { kind: 'link', token: parts[1] };
  return { kind: 'none' };
}
