import type { LogEntry, LogsQuery } from '@screenroom/shared/schemas/logs';
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';

export type LogScope = 'own' | 'all';
export type LogsPage = {
  results: LogEntry[];
  page: number;
  limit: number;
  totalPages: number;
  totalResults: number;
};

const pathOf = (scope: LogScope) => (scope === 'all' ? '/logs/all' : '/logs');

/** GET /logs (your entries) or GET /logs/all (administrators). */
export const listLogs = (scope: LogScope, query: Partial<LogsQuery>, signal?: AbortSignal) =>
  api.get<LogsPage>(pathOf(scope), { query, signal });

export const logsQuery = (scope: LogScope, query: Partial<LogsQuery>) =>
  queryOptions({
    queryKey: ['logs', scope, query],
    queryFn: ({ signal }) => listLogs(scope, query, signal),
    placeholderData: keepPreviousData,
    // The log page says so itself (with Try again) when its entries cannot be loaded.
    meta: { silent: true },
  });

export const useLogs = (scope: LogScope, query: Partial<LogsQuery>) => useQuery(logsQuery(scope, query));
