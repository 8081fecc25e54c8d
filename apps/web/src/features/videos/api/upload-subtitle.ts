import type { ApiErrorBody } from '@screenroom/shared/errors';
import type { Subtitle, SubtitleUploadFields } from '@screenroom/shared/schemas/subtitles';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { API_BASE, ApiError, apiPath } from '../../../lib/api-client';
import { getToken } from '../../../lib/auth-token';
import { subtitlesKey } from './get-subtitles';

export type UploadSubtitleInput = {
  videoId: string;
  file: File;
  language: SubtitleUploadFields['language'];
  kind: SubtitleUploadFields['kind'];
  /** Left out when empty: the server names the track after its language. */
  label?: string;
};

/** Multipart upload of a subtitle file (the API client speaks JSON only); the file part comes last. */
export async function uploadSubtitle({ videoId, file, language, kind, label }: UploadSubtitleInput) {
  const form = new FormData();
  form.append('language', language);
  form.append('kind', kind);

  if (label?.trim()) form.append('label', label.trim());
  form.append('file', file);
  const token = getToken();
  let response: Response;
  try {
    response = await fetch(`${API_BASE}${apiPath`/videos/${videoId}/subtitles`}`, {
      method: 'POST',
      body: form,
      headers: { accept: 'application/json', ...(token ? { authorization: `Bearer ${token}` } : {}) },
    });
  } catch {
    throw new ApiError(0, 'The server cannot be reached. Check your connection and try again.');
  }
  const body = (await response.json().catch(() => ({}))) as Partial<Subtitle & ApiErrorBody>;
  if (!response.ok || !body.id)
    throw new ApiError(
      response.status,
      body.message ?? 'The subtitles could not be added. Please try again.',
      body.errors,
    );
  return body as Subtitle;
}

export function useUploadSubtitle() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: uploadSubtitle,
    onSettled: (_data, _error, input) =>
      queryClient.invalidateQueries({ queryKey: subtitlesKey(input.videoId) }),
    // The form says what was wrong, beside the field it is about.
    meta: { silent: true },
  });
}
