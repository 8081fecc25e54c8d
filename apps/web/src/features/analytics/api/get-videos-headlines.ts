import type { OverviewOfVideos, VideoHeadline } from '@screenroom/shared/schemas/analytics';
import { useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { ANALYTICS_STALE_MS, analyticsKey } from './keys';

export const getVideosHeadlines = (signal?: AbortSignal) =>
  api.post<OverviewOfVideos>('/videos/getOverviewOfAvlVideos', {}, { signal });

const maps = new WeakMap<OverviewOfVideos, Map<string, VideoHeadline>>();

/** The answer indexed by film, built once per answer however many cards read it. */
function byVideo(data: OverviewOfVideos) {
  let map = maps.get(data);
  if (!map) {
    map = new Map(data.results.map((row) => [row.video_id, row]));
    maps.set(data, map);
  }
  return map;
}

/** Every film's headline figures, fetched once for the whole library; each card reads its own row. */
export const useVideoHeadline = (videoId: string) =>
  useQuery({
    queryKey: [...analyticsKey, 'headlines'] as const,
    queryFn: ({ signal }) => getVideosHeadlines(signal),
    staleTime: ANALYTICS_STALE_MS,
    select: (data) => byVideo(data).get(videoId),
  });
