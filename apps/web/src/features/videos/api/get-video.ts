import type { Video } from '@screenroom/shared/schemas/videos';
import { queryOptions, useQuery, useQueryClient } from '@tanstack/react-query';
import { api, apiPath } from '../../../lib/api-client';
import { POLL_MS, videosKey } from './get-videos';

export const videoKey = (id: string) => [...videosKey, id] as const;

export const getVideo = (id: string, signal?: AbortSignal) =>
  api.get<{ video: Video }>(apiPath`/videos/${id}`, { signal }).then((r) => r.video);

export const videoQuery = (id: string) =>
  queryOptions({
    queryKey: videoKey(id),
    queryFn: ({ signal }) => getVideo(id, signal),
    refetchInterval: (query) => (query.state.data?.processing ? POLL_MS : false),
    // Both screens that read it say so themselves when the film is missing (NotFoundState).
    meta: { silent: true },
  });

/**
 * The library list, fetched on the way here ("/" redirects through it), already holds the film: its page
 * shows at once (and refreshes it as the list's age says) rather than a blank page under its title.
 */
export function useVideo(id: string) {
  const queryClient = useQueryClient();
  return useQuery({
    ...videoQuery(id),
    initialData: () => queryClient.getQueryData<Video[]>(videosKey)?.find((v) => v.id === id),
    initialDataUpdatedAt: () => queryClient.getQueryState(videosKey)?.dataUpdatedAt,
  });
}
