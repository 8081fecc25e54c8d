import type { CreateVideoBody, Video } from '@screenroom/shared/schemas/videos';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { storeVideo } from './invalidate';

export const createVideo = (body: CreateVideoBody) =>
  api.post<{ video: Video }>('/videos', body).then((r) => r.video);

export function useCreateVideo() {
  const queryClient = useQueryClient();
  return useMutation({ mutationFn: createVideo, onSuccess: (video) => storeVideo(queryClient, video) });
}
