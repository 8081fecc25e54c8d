import type { Subtitle, SubtitleUploadFields } from '@screenroom/shared/schemas/subtitles';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api, apiPath } from '../../../lib/api-client';
import { subtitlesKey } from './get-subtitles';

export type UploadSubtitleInput = {
  videoId: string;
  file: File;
  language: SubtitleUploadFields['language'];
  kind: SubtitleUploadFields['kind'];
  /** Left out when empty: the server names the track after its language. */
  label?: string;
};

/** Multipart upload of a subtitle file; the file part comes last. */
export function uploadSubtitle({ videoId, file, language, kind, label }: UploadSubtitleInput) {
  const form = new FormData();
  form.append('language', language);
  form.append('kind', kind);
  if (label?.trim()) form.append('label', label.trim());
  form.append('file', file);
  return api.post<Subtitle>(apiPath`/videos/${videoId}/subtitles`, form);
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
