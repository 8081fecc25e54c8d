import type { Video } from '@screenroom/shared/schemas/videos';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';

export const videosKey = ['videos'] as const;

export const getVideos = (signal?: AbortSignal) =>
  api.get<{ results: Video[] }>('/videos', { signal }).then((r) => r.results);

/** While a film is being processed (or waits for it), poll so its status and percent move on screen. */
export const POLL_MS = 2000;
const needsPolling = (videos: Video[] | undefined) => videos?.some((v) => v.processing) ?? false;

export const videosQuery = () =>
  queryOptions({
    queryKey: videosKey,
    queryFn: ({ signal }) => getVideos(signal),
    refetchInterval: (query) => (needsPolling(query.state.data) ? POLL_MS : false),
  });

export const useVideos = () => useQuery(videosQuery());
