import type { AudienceQuery, TrackingLink } from '@screenroom/shared/schemas/tracking-links';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { api, apiPath } from '../../../lib/api-client';
import { trackingLinksKey } from './keys';

export type AudiencePage = {
  results: TrackingLink[];
  page: number;
  limit: number;
  totalPages: number;
  totalResults: number;
};

export const getAudience = (videoId: string, query: Partial<AudienceQuery>, signal?: AbortSignal) =>
  api.get<AudiencePage>(apiPath`/videos/${videoId}/audience`, { query, signal });

export const useAudience = (videoId: string, query: Partial<AudienceQuery>) =>
  useQuery({
    queryKey: [...trackingLinksKey(videoId), 'audience', query],
    queryFn: ({ signal }) => getAudience(videoId, query, signal),
    placeholderData: keepPreviousData,
    // The viewers' page says so itself (with Try again) when the list cannot be loaded.
    meta: { silent: true },
  });
