import type { AppConfig } from '@screenroom/shared/schemas/app-config';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from './api-client';

/** GET /app-config: which integrations this server has (billing, captcha, analytics, error reporting). */
export const getAppConfig = (signal?: AbortSignal) => api.get<AppConfig>('/app-config', { signal });

export const appConfigQuery = queryOptions({
  queryKey: ['app-config'],
  queryFn: ({ signal }) => getAppConfig(signal),
  staleTime: Number.POSITIVE_INFINITY,
  meta: { silent: true },
});

export const useAppConfig = () => useQuery(appConfigQuery);
