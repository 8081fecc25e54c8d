import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api, apiPath } from '../../../lib/api-client';
import { subtitlesKey } from './get-subtitles';

export const deleteSubtitle = ({ videoId, subtitleId }: { videoId: string; subtitleId: string }) =>
  api.delete<void>(apiPath`/videos/${videoId}/subtitles/${subtitleId}`);

/** A refusal is a toast (the query client's); the list is read again either way (a track gone already). */
export function useDeleteSubtitle() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: deleteSubtitle,
    onSettled: (_data, _error, input) =>
      queryClient.invalidateQueries({ queryKey: subtitlesKey(input.videoId) }),
  });
}
