import { type QueryClient, useMutation, useQueryClient } from '@tanstack/react-query';
import { api, apiPath } from '../../../lib/api-client';
import { videoKey } from './get-video';
import { videosKey } from './get-videos';

export const deleteVideo = (id: string) => api.delete<{ ok: true }>(apiPath`/videos/${id}`);

/**
 * Forgets a deleted film. A query a page still shows stays until that page lets go of it: removed at
 * once, it would be fetched again (a 404) before the page moves on; kept, Back would show the deleted
 * film from the cache.
 */
function forgetVideo(queryClient: QueryClient, id: string) {
  const key = videoKey(id);
  queryClient.removeQueries({ queryKey: key, type: 'inactive' });
  const query = queryClient.getQueryCache().find({ queryKey: key, exact: true });
  if (!query) return;
  const unsubscribe = queryClient.getQueryCache().subscribe((event) => {
    if (event.query !== query || event.type !== 'observerRemoved' || query.isActive()) return;
    unsubscribe();
    queryClient.removeQueries({ queryKey: key });
  });
}

export function useDeleteVideo() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: deleteVideo,
    onSuccess: (_r, id) => {
      forgetVideo(queryClient, id);
      void queryClient.invalidateQueries({ queryKey: videosKey, exact: true });
    },
  });
}
