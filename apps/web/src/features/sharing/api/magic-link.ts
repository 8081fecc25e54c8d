import { MESSAGES } from '@screenroom/shared/messages';
import type { AnonymousLink } from '@screenroom/shared/schemas/anonymous-links';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api, apiPath } from '../../../lib/api-client';
import { notifyError } from '../../../lib/notify';

type Limits = { usage_limit?: number | null; ends_at?: string | null };
const key = (videoId: string) => ['videos', videoId, 'magic-link'] as const;

export const fetchMagicLink = (videoId: string) =>
  api
    .post<{ magicLink: AnonymousLink | null }>(apiPath`/videos/${videoId}/fetchMagicLink`)
    .then((r) => r.magicLink);

/**
 * The film's anonymous link (null: none yet). Silent on every screen that reads it (a query's `meta` is
 * whichever screen set it last): the dialog and the links page's card say a failed load themselves.
 */
export const useMagicLink = (videoId: string) =>
  useQuery({ queryKey: key(videoId), queryFn: () => fetchMagicLink(videoId), meta: { silent: true } });

/**
 * Create, change or disable the film's anonymous link; each answers the link as it now is. `silent`: the
 * screen shows a refusal itself, so no toast says it again (an own `onError` says it in its own words).
 */
function useMagicLinkMutation<T>(
  videoId: string,
  call: (vars: T) => Promise<{ magicLink: AnonymousLink | null }>,
  options: { onError?: () => void; silent?: boolean } = {},
) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: call,
    onSuccess: ({ magicLink }) => queryClient.setQueryData(key(videoId), magicLink),
    onError: options.onError,
    meta: { silent: Boolean(options.silent || options.onError) },
  });
}

export const useCreateMagicLink = (videoId: string, { silent = false } = {}) =>
  useMagicLinkMutation(
    videoId,
    (limits: Limits) =>
      api.post<{ magicLink: AnonymousLink }>(apiPath`/videos/${videoId}/createMagicLink`, limits),
    { silent },
  );

export const useUpdateMagicLink = (videoId: string, { silent = false } = {}) =>
  useMagicLinkMutation(
    videoId,
    (limits: Limits) =>
      api.post<{ magicLink: AnonymousLink }>(apiPath`/videos/${videoId}/updateMagicLink`, limits),
    { silent },
  );

/** A failed disable says so in the specification's words. */
export const useDisableMagicLink = (videoId: string) =>
  useMagicLinkMutation(
    videoId,
    () => api.get<{ magicLink: AnonymousLink }>(apiPath`/videos/${videoId}/disableLink`),
    {
      onError: () => notifyError(MESSAGES.disableLinkFailed),
    },
  );
