import type { Market, MarketListing } from '@screenroom/shared/schemas/markets';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api, apiPath } from '../../../lib/api-client';

const key = ['markets'] as const;

export const useMarkets = () =>
  useQuery({
    queryKey: key,
    queryFn: () => api.get<{ results: Market[] }>('/markets').then((r) => r.results),
    // The markets page says so itself (with Try again) when the list cannot be loaded.
    meta: { silent: true },
  });

type MarketInput = {
  name?: string;
  code?: string;
  starts_at?: string | null;
  ends_at?: string | null;
  status?: 'open' | 'closed';
};

/** `silent`: the screen shows a refusal itself, so no toast says it again. */
export function useCreateMarket({ silent = false } = {}) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: MarketInput) => api.post<Market>('/markets', body),
    meta: { silent },
    onSuccess: () => queryClient.invalidateQueries({ queryKey: key }),
  });
}

export function useUpdateMarket() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, ...body }: MarketInput & { id: string }) =>
      api.patch<Market>(apiPath`/markets/${id}`, body),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: key }),
  });
}

const filmsKey = (marketId: string) => [...key, marketId, 'films'] as const;

/** A market's films (fetched when its organiser opens the list). */
/** Silent: the dialog says itself that they could not be loaded. */
export const useMarketFilms = (marketId: string) =>
  useQuery({
    queryKey: filmsKey(marketId),
    meta: { silent: true },
    queryFn: () =>
      api.get<{ results: MarketListing[] }>(apiPath`/markets/${marketId}/films`).then((r) => r.results),
  });

export function useRemoveMarketListing(marketId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (videoId: string) => api.delete<{ ok: true }>(apiPath`/markets/${marketId}/films/${videoId}`),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: key }),
  });
}
