import type { VideoOverview } from '@screenroom/shared/schemas/analytics';
import { useQuery } from '@tanstack/react-query';
import { api, apiPath } from '../../../lib/api-client';
import { ANALYTICS_STALE_MS, videoAnalyticsKey } from './keys';

export const getVideoOverview = (videoId: string, signal?: AbortSignal) =>
  api.get<VideoOverview>(apiPath`/videos/${videoId}/getVideoOverview`, { signal });

/** A film's headline figures, daily series and per-minute heat map. */
export const useVideoOverview = (videoId: string) =>
  useQuery({
    queryKey: [...videoAnalyticsKey(videoId), 'overview'] as const,
    queryFn: ({ signal }) => getVideoOverview(videoId, signal),
    staleTime: ANALYTICS_STALE_MS,
    // The film's overview says so itself (with Try again) when its figures cannot be loaded.
    meta: { silent: true },
  });
