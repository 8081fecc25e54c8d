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
      queryClient.removeQueries({ queryKey: videoKey(id) });
      void queryClient.invalidateQueries({ queryKey: videosKey, exact: true });
    },
  });
}
