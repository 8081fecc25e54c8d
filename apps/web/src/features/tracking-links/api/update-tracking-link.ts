import type { TrackingLink, UpdateTrackingLinkBody } from '@screenroom/shared/schemas/tracking-links';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api, apiPath } from '../../../lib/api-client';
import { storeTrackingLink } from './store';

export const updateTrackingLink = ({ id, ...body }: UpdateTrackingLinkBody & { id: string }) =>
  api.patch<{ screener: TrackingLink }>(apiPath`/screeners/${id}`, body).then((r) => r.screener);

/** `silent`: the screen shows a refusal itself, so no toast says it again. */
export function useUpdateTrackingLink({ silent = false } = {}) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: updateTrackingLink,
    meta: { silent },
    onSuccess: (link) => storeTrackingLink(queryClient, link),
  });
}
