import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { videoKey } from './get-video';
import { videosKey } from './get-videos';

export const deleteVideo = (id: string) => api.delete<{ ok: true }>(`/videos/${id}`);

export function useDeleteVideo() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: deleteVideo,
    onSuccess: (_r, id) => {
      // Only what no screen shows: removing the film a page still shows would fetch it again (a 404)
      // before that page moves on; the rest goes once unused.
      queryClient.removeQueries({ queryKey: videoKey(id), type: 'inactive' });
      void queryClient.invalidateQueries({ queryKey: videosKey, exact: true });
    },
  });
}
