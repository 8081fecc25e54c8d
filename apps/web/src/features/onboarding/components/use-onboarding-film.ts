import type { Video } from '@screenroom/shared/schemas/videos';
import { useQuery } from '@tanstack/react-query';
import { useSearchParams } from 'react-router';
import { videosQuery } from '../../videos/api/get-videos';

/** The film of this onboarding: `?video=` when a step passed it on, else the sample, else the first film. */
export function pickFilm(videos: Video[] | undefined, wanted: string | null) {
  if (!videos) return undefined;
  return videos.find((v) => v.id === wanted) ?? videos.find((v) => v.type === 'sample') ?? videos[0] ?? null;
}

/** `silent`: the step says itself (LoadFailedState) that the films could not be loaded, so no toast does. */
export function useOnboardingFilm({ silent = false } = {}) {
  const [params] = useSearchParams();
  const videos = useQuery({ ...videosQuery(), meta: { silent } });
  return { ...videos, film: pickFilm(videos.data, params.get('video')) };
}
