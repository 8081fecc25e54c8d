import { useSearchParams } from 'react-router';
import { useVideoTrackingLinks } from '../../tracking-links/api/get-video-tracking-links';
import { useOnboardingFilm } from './use-onboarding-film';

/**
 * The link shared in screener-creation: `?link=` when the step passed it on, else (a reload elsewhere, a
 * second device) the film's newest link. `failed`: the requests that could not be loaded, which the step
 * says itself (LoadFailedState), so they are silent.
 */
export function useOnboardingLink() {
  const [params] = useSearchParams();
  const films = useOnboardingFilm({ silent: true });
  const { film, isPending: filmPending } = films;
  const links = useVideoTrackingLinks(film?.id ?? '', { silent: true });
  const wanted = params.get('link');
  const all = film ? links.data : [];
  const newest = all && [...all].sort((a, b) => b.created_at.localeCompare(a.created_at))[0];
  const link = all?.find((l) => l.id === wanted) ?? newest ?? null;
  return {
    film,
    linkId: link?.id ?? wanted,
    link,
    isPending: filmPending || (Boolean(film) && links.isPending),
    failed: [films, links].filter((q) => q.isError && !q.data),
  };
}
