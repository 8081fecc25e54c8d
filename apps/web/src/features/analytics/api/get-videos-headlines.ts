import type { OverviewOfVideos, VideoHeadline } from '@screenroom/shared/schemas/analytics';
import { useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { ANALYTICS_STALE_MS, analyticsKey } from './keys';

export const getVideosHeadlines = (signal?: AbortSignal) =>
  api.post<OverviewOfVideos>('/videos/getOverviewOfAvlVideos', {}, { signal });

const byVideo = (data: OverviewOfVideos) =>
  new Map<string, VideoHeadline>(data.results.map((row) => [row.video_id, row]));

/**
 * Every film's headline figures, fetched once for the whole library; each card reads its own row (the
 * select is shared, so the map is built once per answer).
 */
export const useVideoHeadline = (videoId: string) =>
  useQuery({
    queryKey: [...analyticsKey, 'headlines'] as const,
    queryFn: ({ signal }) => getVideosHeadlines(signal),
    staleTime: ANALYTICS_STALE_MS,
    select: (data) => byVideo(data).get(videoId),
  });
