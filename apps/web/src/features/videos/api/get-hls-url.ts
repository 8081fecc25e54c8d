import { useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';

export const getHlsUrl = (videoId: string) =>
  api.post<{ url: string; expires_at: string }>('/videos/getHlsUrl', { videoId });

/** The owner's preview URL; fetched again well before it expires. */
export const useHlsUrl = (videoId: string, enabled: boolean) =>
  useQuery({
    queryKey: ['videos', videoId, 'hls-url'],
    queryFn: () => getHlsUrl(videoId),
    enabled,
    staleTime: 30 * 60_000,
    gcTime: 30 * 60_000,
  });
