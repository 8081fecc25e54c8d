import type { SessionsPage, SessionsQueryBody } from '@screenroom/shared/schemas/analytics';
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { api, apiPath } from '../../../lib/api-client';
import { ANALYTICS_STALE_MS, linkAnalyticsKey } from './keys';

export type SessionsQuery = Required<SessionsQueryBody>;

export const getSessions = (trackingLinkId: string, body: SessionsQuery, signal?: AbortSignal) =>
  api.post<SessionsPage>(apiPath`/screeners/${trackingLinkId}/analytics`, body, { signal });

export const sessionsQuery = (trackingLinkId: string, body: SessionsQuery) =>
  queryOptions({
    queryKey: [...linkAnalyticsKey(trackingLinkId), 'sessions', body] as const,
    queryFn: ({ signal }) => getSessions(trackingLinkId, body, signal),
    staleTime: ANALYTICS_STALE_MS,
    placeholderData: keepPreviousData,
  });

/**
 * A tracking link's sessions, one page at a time (the previous page stays shown while the next loads);
 * `enabled: false` waits, for a page that first checks the link exists.
 */
export const useSessions = (trackingLinkId: string, body: SessionsQuery, { enabled = true } = {}) =>
  useQuery({ ...sessionsQuery(trackingLinkId, body), enabled });
