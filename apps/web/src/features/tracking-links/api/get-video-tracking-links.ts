import type { TrackingLink } from '@screenroom/shared/schemas/tracking-links';
import { useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { trackingLinksKey } from './keys';

export const getVideoTrackingLinks = (videoId: string, signal?: AbortSignal) =>
  api.get<{ results: TrackingLink[] }>(`/videos/${videoId}/screeners`, { signal }).then((r) => r.results);

export const useVideoTrackingLinks = (videoId: string) =>
  useQuery({
    queryKey: [...trackingLinksKey(videoId), 'all'],
    queryFn: ({ signal }) => getVideoTrackingLinks(videoId, signal),
  });
