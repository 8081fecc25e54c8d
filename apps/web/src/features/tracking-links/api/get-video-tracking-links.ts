import type { TrackingLink } from '@screenroom/shared/schemas/tracking-links';
import { useQuery } from '@tanstack/react-query';
import { api, apiPath } from '../../../lib/api-client';
import { trackingLinksKey } from './keys';

export const getVideoTrackingLinks = (videoId: string, signal?: AbortSignal) =>
  api
    .get<{ results: TrackingLink[] }>(apiPath`/videos/${videoId}/screeners`, { signal })
    .then((r) => r.results);

/**
 * A film's links; nothing is asked while `videoId` is still unknown (empty). `silent`: the screen says
 * itself that they could not be loaded, so no toast says it again.
 */
export const useVideoTrackingLinks = (videoId: string, { silent = false } = {}) =>
  useQuery({
    queryKey: [...trackingLinksKey(videoId), 'all'],
    queryFn: ({ signal }) => getVideoTrackingLinks(videoId, signal),
    enabled: videoId !== '',
    meta: { silent },
  });
