import { useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';

export const getHlsUrl = (videoId: string) =>
  api.post<{ url: string; expires_at: string }>('/videos/getHlsUrl', { videoId });

/**
 * The owner's preview URL (its token outlasts a full viewing of the film). A player that started before
 * encryption completed goes on with the plain streams it loaded: every URL it was given names them.
 */
export const useHlsUrl = (videoId: string, enabled: boolean) =>
  useQuery({
    queryKey: ['videos', videoId, 'hls-url'],
    queryFn: () => getHlsUrl(videoId),
    enabled,
    // The player says so where the film would be, with a way to try again.
    meta: { silent: true },
    staleTime: 30 * 60_000,
    gcTime: 30 * 60_000,
  });
