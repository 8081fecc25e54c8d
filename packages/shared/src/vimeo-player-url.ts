/**
 * Vimeo's embed player for a film: no tracking (`dnt`), none of Vimeo's title, byline or portrait over
 * the picture, and the privacy hash (`h`) a hidden (unlisted) film only plays with. Zod-free: the watch
 * page's small chunk imports it.
 */
export function vimeoPlayerUrl(film: { vimeo_id: string | null; vimeo_hash: string | null }) {
  const url = new URL(`https://player.vimeo.com/video/${encodeURIComponent(film.vimeo_id ?? '')}`);
  if (film.vimeo_hash) url.searchParams.set('h', film.vimeo_hash);
  for (const [name, value] of Object.entries({ dnt: '1', title: '0', byline: '0', portrait: '0' })) {
    url.searchParams.set(name, value);
  }
  return url.toString();
}
