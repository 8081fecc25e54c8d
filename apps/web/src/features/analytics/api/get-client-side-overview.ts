import type { ClientSideOverview } from '@screenroom/shared/schemas/analytics';
import { useQuery } from '@tanstack/react-query';
import { api, apiPath } from '../../../lib/api-client';
import { ANALYTICS_STALE_MS, videoAnalyticsKey } from './keys';

export const getClientSideOverview = (videoId: string, signal?: AbortSignal) =>
  api.get<ClientSideOverview>(apiPath`/videos/${videoId}/getClientSideOverviewOfViewers`, { signal });

/** Sessions, views and watched minutes by country, device and browser. */
export const useClientSideOverview = (videoId: string) =>
  useQuery({
    queryKey: [...videoAnalyticsKey(videoId), 'audience'] as const,
    queryFn: ({ signal }) => getClientSideOverview(videoId, signal),
    staleTime: ANALYTICS_STALE_MS,
    // The film's overview says so itself (with Try again) when its figures cannot be loaded.
    meta: { silent: true },
  });
