import type { VimeoStatus } from '@screenroom/shared/schemas/vimeo';
import { type QueryClient, queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';

/** Every Vimeo query lives under this key, so linking or unlinking refreshes them all. */
export const vimeoKey = ['vimeo'] as const;

export const getVimeoStatus = (signal?: AbortSignal) => api.get<VimeoStatus>('/vimeo/status', { signal });

export const vimeoStatusQuery = () =>
  queryOptions({
    queryKey: [...vimeoKey, 'status'],
    queryFn: ({ signal }) => getVimeoStatus(signal),
    staleTime: 60_000,
  });

/** Silent: each screen that reads it says itself that it could not be loaded. */
export const useVimeoStatus = () => useQuery({ ...vimeoStatusQuery(), meta: { silent: true } });

/** After a link, an unlink, or Vimeo refusing the stored token: read everything Vimeo again. */
export const invalidateVimeo = (queryClient: QueryClient) =>
  queryClient.invalidateQueries({ queryKey: vimeoKey });
