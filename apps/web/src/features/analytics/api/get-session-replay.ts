import type { SessionReplayResponse } from '@screenroom/shared/schemas/analytics';
import { useQuery } from '@tanstack/react-query';
import { api, apiPath } from '../../../lib/api-client';
import { linkAnalyticsKey } from './keys';

export const getSessionReplay = (trackingLinkId: string, sessionId: string, signal?: AbortSignal) =>
  api.get<SessionReplayResponse>(apiPath`/screeners/${trackingLinkId}/analytics/${sessionId}`, { signal });

/** One session with its events in order, ready for replay. */
export const useSessionReplay = (trackingLinkId: string, sessionId: string | null) =>
  useQuery({
    queryKey: [...linkAnalyticsKey(trackingLinkId), 'session', sessionId] as const,
    queryFn: ({ signal }) => getSessionReplay(trackingLinkId, sessionId ?? '', signal),
    enabled: Boolean(sessionId),
  });
