import type { Market } from '@screenroom/shared/schemas/markets';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';

const key = ['markets'] as const;

export const useMarkets = () =>
  useQuery({
    queryKey: key,
    queryFn: () => api.get<{ results: Market[] }>('/markets').then((r) => r.results),
  });

type MarketInput = {
  name?: string;
  code?: string;
  starts_at?: string | null;
  ends_at?: string | null;
  status?: 'open' | 'closed';
};

export function useCreateMarket() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: MarketInput) => api.post<Market>('/markets', body),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: key }),
  });
}

export function useUpdateMarket() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, ...body }: MarketInput & { id: string }) => api.patch<Market>(`/markets/${id}`, body),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: key }),
  });
}
