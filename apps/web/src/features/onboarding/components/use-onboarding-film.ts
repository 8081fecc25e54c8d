import type { Video } from '@screenroom/shared/schemas/videos';
import { useSearchParams } from 'react-router';
import { useVideos } from '../../videos/api/get-videos';

/** The film of this onboarding: `?video=` when a step passed it on, else the sample, else the first film. */
export function pickFilm(videos: Video[] | undefined, wanted: string | null) {
  if (!videos) return undefined;
  return videos.find((v) => v.id === wanted) ?? videos.find((v) => v.type === 'sample') ?? videos[0] ?? null;
}

export function useOnboardingFilm() {
  const [params] = useSearchParams();
  const videos = useVideos();
  return { ...videos, film: pickFilm(videos.data, params.get('video')) };
}
