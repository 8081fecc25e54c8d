import type { Subtitle } from '@screenroom/shared/schemas/subtitles';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api, apiPath } from '../../../lib/api-client';
import { videoKey } from './get-video';

export const subtitlesKey = (videoId: string) => [...videoKey(videoId), 'subtitles'] as const;

/** A film's subtitle tracks, oldest first. */
export const getSubtitles = (videoId: string, signal?: AbortSignal) =>
  api
    .get<{ subtitles: Subtitle[] }>(apiPath`/videos/${videoId}/subtitles`, { signal })
    .then((r) => r.subtitles);

export const subtitlesQuery = (videoId: string) =>
  queryOptions({
    queryKey: subtitlesKey(videoId),
    queryFn: ({ signal }) => getSubtitles(videoId, signal),
    // The section says itself that the list could not be loaded, with a retry.
    meta: { silent: true },
  });

/** `enabled: false` for a Vimeo film, whose subtitles live on Vimeo. */
export const useSubtitles = (videoId: string, enabled = true) =>
  useQuery({ ...subtitlesQuery(videoId), enabled });
