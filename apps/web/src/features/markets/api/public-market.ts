import type { publicMarketResponse } from '@screenroom/shared/schemas/markets';
import { useMutation, useQuery } from '@tanstack/react-query';
import type { z } from 'zod';
import { api, apiPath } from '../../../lib/api-client';

export const usePublicMarket = (code: string) =>
  useQuery({
    queryKey: ['public-market', code],
    queryFn: () => api.get<z.infer<typeof publicMarketResponse>>(apiPath`/markets/public/${code}`),
    retry: false,
    meta: { silent: true },
  });

/** The request form shows a refusal itself (showServerErrors), so no toast says it again. */
export const useRequestMarketAccess = (code: string) =>
  useMutation({
    mutationFn: (body: { videoId: string; name: string; email: string; company?: string }) =>
      api.post<{ ok: true; message: string }>(apiPath`/markets/public/${code}/requestAccess`, body),
    meta: { silent: true },
  });
