import type { AdminPresenter, AdminPresentersQuery } from '@screenroom/shared/schemas/admin';
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';

export type Paged<T> = {
  results: T[];
  page: number;
  limit: number;
  totalPages: number;
  totalResults: number;
};

export const adminPresentersKey = ['admin', 'presenters'] as const;

export const listPresenters = (query: Partial<AdminPresentersQuery>, signal?: AbortSignal) =>
  api.get<Paged<AdminPresenter>>('/admin/presenters', { query, signal });

export const presentersQuery = (query: Partial<AdminPresentersQuery>) =>
  queryOptions({
    queryKey: [...adminPresentersKey, query],
    queryFn: ({ signal }) => listPresenters(query, signal),
    placeholderData: keepPreviousData,
    // The presenters page says so itself (with Try again) when the list cannot be loaded.
    meta: { silent: true },
  });

export const usePresenters = (query: Partial<AdminPresentersQuery>) => useQuery(presentersQuery(query));
