import type { Video } from '@screenroom/shared/schemas/videos';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { storeVideo } from './invalidate';

export const createSampleVideo = () =>
  api.post<{ video: Video }>('/videos/createSampleVideo').then((r) => r.video);

export function useCreateSampleVideo() {
  const queryClient = useQueryClient();
  return useMutation({ mutationFn: createSampleVideo, onSuccess: (video) => storeVideo(queryClient, video) });
}
