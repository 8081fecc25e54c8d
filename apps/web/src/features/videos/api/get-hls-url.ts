import { useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';

export const getHlsUrl = (videoId: string) =>
  api.post<{ url: string; expires_at: string }>('/videos/getHlsUrl', { videoId });

/**
 * The owner's preview URL (its token outlasts a full viewing of the film). Asked again when the film's
 * encryption completes: the same address then serves the encrypted streams, which the plain playlist
 * the player holds cannot play, and a new URL starts the player over on them.
 */
export const useHlsUrl = (videoId: string, enabled: boolean, encrypted: boolean) =>
  useQuery({
    queryKey: ['videos', videoId, 'hls-url', encrypted ? 'encrypted' : 'plain'],
    queryFn: () => getHlsUrl(videoId),
    enabled,
    // The player says so where the film would be, with a way to try again.
    meta: { silent: true },
    staleTime: 30 * 60_000,
    gcTime: 30 * 60_000,
  });
