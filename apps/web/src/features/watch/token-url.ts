/** The same URL with its `token` query parameter set to `token` (URLs of other origins are left alone). */
export function withToken(url: string, token: string, origin = window.location.origin) {
  const parsed = new URL(url, origin);
  if (parsed.origin !== origin || !parsed.searchParams.has('token')) return url;
  parsed.searchParams.set('token', token);
  return parsed.toString();
}
