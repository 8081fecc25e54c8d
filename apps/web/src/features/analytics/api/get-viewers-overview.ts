import type { ViewersOverview } from '@screenroom/shared/schemas/analytics';
import { useQuery } from '@tanstack/react-query';
import { api, apiPath } from '../../../lib/api-client';
import { ANALYTICS_STALE_MS, videoAnalyticsKey } from './keys';

export const getViewersOverview = (videoId: string, signal?: AbortSignal) =>
  api.get<ViewersOverview>(apiPath`/videos/${videoId}/getViewersOverview`, { signal });

/** Invited, opened, watched half, finished, and who stopped early. */
export const useViewersOverview = (videoId: string) =>
  useQuery({
    queryKey: [...videoAnalyticsKey(videoId), 'viewers'] as const,
    queryFn: ({ signal }) => getViewersOverview(videoId, signal),
    staleTime: ANALYTICS_STALE_MS,
    // The film's overview says so itself (with Try again) when its figures cannot be loaded.
    meta: { silent: true },
  });
