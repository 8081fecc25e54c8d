import type { ImageKind, Video } from '@screenroom/shared/schemas/videos';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { API_BASE, ApiError } from '../../../lib/api-client';
import { getToken } from '../../../lib/auth-token';
import { storeVideo } from './invalidate';

/** Multipart upload of an image (the API client speaks JSON only). */
export async function updateImage({ videoId, kind, file }: { videoId: string; kind: ImageKind; file: File }) {
  const form = new FormData();
  form.append('videoId', videoId);
  form.append('kind', kind);
  form.append('file', file);
  const token = getToken();
  const response = await fetch(`${API_BASE}/videos/updateImage`, {
    method: 'POST',
    body: form,
    headers: token ? { authorization: `Bearer ${token}` } : {},
  });
  const body = (await response.json().catch(() => ({}))) as { video?: Video; message?: string };
  if (!response.ok || !body.video)
    throw new ApiError(response.status, body.message ?? 'The image could not be saved.');
  return body.video;
}

export function useUpdateImage() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: updateImage,
    onSuccess: (video) => storeVideo(queryClient, video),
    // The field says what was wrong with its file.
    meta: { silent: true },
  });
}
