import type { Market } from '@screenroom/shared/schemas/markets';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api, apiPath } from '../../../lib/api-client';

const key = (videoId: string) => ['videos', videoId, 'markets'] as const;

/** Silent: the dialog says itself that they could not be loaded. */
export const useVideoMarkets = (videoId: string) =>
  useQuery({
    queryKey: key(videoId),
    meta: { silent: true },
    queryFn: () => api.get<{ results: Market[] }>(apiPath`/videos/${videoId}/markets`).then((r) => r.results),
  });

export const verifyMarketCode = (code: string) =>
  api.post<{ valid: boolean; market: { name: string; code: string; ends_at: string | null } | null }>(
    '/videos/verifyMarketCode',
    { code },
  );

/** Silent: the dialog shows a refused code under its field, so a toast would only say it twice. */
export const useVerifyMarketCode = () =>
  useMutation({ mutationFn: verifyMarketCode, meta: { silent: true } });

export function usePushVideoToMarket(videoId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (code: string) =>
      api.post<{ market: Market }>('/videos/pushVideoToMarket', { videoId, code }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: key(videoId) }),
  });
}

/** Takes the film out of a market: its attendees no longer see it (links already sent keep working). */
export function useUnlistVideoFromMarket(videoId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (marketId: string) =>
      api.delete<{ ok: true }>(apiPath`/videos/${videoId}/markets/${marketId}`),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: key(videoId) }),
  });
}
