import type { Video } from '@screenroom/shared/schemas/videos';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api, apiPath } from '../../../lib/api-client';
import { storeVideo } from './invalidate';

export const retryVideo = (id: string) =>
  api.post<{ video: Video }>(apiPath`/videos/${id}/retry`).then((r) => r.video);

export function useRetryVideo() {
  const queryClient = useQueryClient();
  return useMutation({ mutationFn: retryVideo, onSuccess: (video) => storeVideo(queryClient, video) });
}
