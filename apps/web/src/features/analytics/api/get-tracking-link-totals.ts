import type { TrackingLinkTotals } from '@screenroom/shared/schemas/analytics';
import { useQuery } from '@tanstack/react-query';
import { api, apiPath } from '../../../lib/api-client';
import { ANALYTICS_STALE_MS, linkAnalyticsKey } from './keys';

export const getTrackingLinkTotals = (trackingLinkId: string, signal?: AbortSignal) =>
  api.get<TrackingLinkTotals>(apiPath`/screeners/${trackingLinkId}/analyticsOfAllSessions`, { signal });

/** One viewer's totals over all their sessions, with what of the film they played. */
export const useTrackingLinkTotals = (trackingLinkId: string) =>
  useQuery({
    queryKey: [...linkAnalyticsKey(trackingLinkId), 'totals'] as const,
    queryFn: ({ signal }) => getTrackingLinkTotals(trackingLinkId, signal),
    staleTime: ANALYTICS_STALE_MS,
  });
