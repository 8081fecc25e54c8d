import type { CreateVideoBody, Video } from '@screenroom/shared/schemas/videos';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { storeVideo } from './invalidate';

export const createVideo = (body: CreateVideoBody) =>
  api.post<{ video: Video }>('/videos', body).then((r) => r.video);

/** `silent`: the screen shows a refusal itself, so no toast says it again. */
export function useCreateVideo({ silent = false } = {}) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: createVideo,
    onSuccess: (video) => storeVideo(queryClient, video),
    meta: { silent },
  });
}
