import type { ListVimeoVideosBody, VimeoVideoPage } from '@screenroom/shared/schemas/vimeo';
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { vimeoKey } from './get-vimeo-status';

export type ListVimeoVideosParams = { page: number; perPage: number; query?: string };

export const listVimeoVideos = (params: ListVimeoVideosParams, signal?: AbortSignal) =>
  api.post<VimeoVideoPage>('/videos/listVimeoVideos', params satisfies ListVimeoVideosBody, { signal });

export const vimeoVideosQuery = (params: ListVimeoVideosParams) =>
  queryOptions({
    queryKey: [...vimeoKey, 'videos', params],
    queryFn: ({ signal }) => listVimeoVideos(params, signal),
    placeholderData: keepPreviousData,
    staleTime: 60_000,
  });

/** Silent: the picker says itself that the films could not be loaded. */
export const useVimeoVideos = (params: ListVimeoVideosParams, options: { enabled?: boolean } = {}) =>
  useQuery({ ...vimeoVideosQuery(params), enabled: options.enabled ?? true, meta: { silent: true } });
