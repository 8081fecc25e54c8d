import type { UpdateVideoBody, Video } from '@screenroom/shared/schemas/videos';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api, apiPath } from '../../../lib/api-client';
import { storeVideo } from './invalidate';

export const updateVideo = ({ id, ...body }: UpdateVideoBody & { id: string }) =>
  api.patch<{ video: Video }>(apiPath`/videos/${id}`, body).then((r) => r.video);

/** `silent`: the screen shows a refusal itself, so no toast says it again. */
export function useUpdateVideo({ silent = false } = {}) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: updateVideo,
    onSuccess: (video) => storeVideo(queryClient, video),
    meta: { silent },
  });
}
