import type { Presenter } from '@screenroom/shared/schemas/presenters';
import { queryOptions } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';

export const authPresenterKey = ['auth', 'presenter'] as const;

export const getAuthPresenter = (signal?: AbortSignal) =>
  api.get<{ presenter: Presenter }>('/auth/getAuthPresenter', { signal }).then((r) => r.presenter);

export const authPresenterQuery = (token: string | null) =>
  queryOptions({
    queryKey: [...authPresenterKey, token ? 'signed-in' : 'signed-out'],
    queryFn: ({ signal }) => getAuthPresenter(signal),
    enabled: Boolean(token),
    staleTime: 60_000,
    meta: { silent: true },
  });
