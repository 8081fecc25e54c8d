import type { LogFacets } from '@screenroom/shared/schemas/logs';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import type { LogScope } from './list-logs';

/** GET /logs/facets or /logs/all/facets: the types and modules present, for the filter menus. */
export const getLogFacets = (scope: LogScope, signal?: AbortSignal) =>
  api.get<LogFacets>(scope === 'all' ? '/logs/all/facets' : '/logs/facets', { signal });

export const logFacetsQuery = (scope: LogScope) =>
  queryOptions({
    queryKey: ['logs', scope, 'facets'],
    queryFn: ({ signal }) => getLogFacets(scope, signal),
    staleTime: 60_000,
    // Without them the filter menus only lack choices; the entries' own failure is said in the page.
    meta: { silent: true },
  });

export const useLogFacets = (scope: LogScope) => useQuery(logFacetsQuery(scope));
