import type { Video } from '@screenroom/shared/schemas/videos';
import type { QueryClient } from '@tanstack/react-query';
import { videoKey } from './get-video';
import { videosKey } from './get-videos';

/** After a change: the film's own query gets the answer, the library list refetches. */
export function storeVideo(queryClient: QueryClient, video: Video) {
  queryClient.setQueryData(videoKey(video.id), video);
  void queryClient.invalidateQueries({ queryKey: videosKey, exact: true });
}
