import type { CreateTrackingLinkBody, TrackingLink } from '@screenroom/shared/schemas/tracking-links';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { storeTrackingLink } from './store';

export const createTrackingLink = (body: CreateTrackingLinkBody) =>
  api.post<{ screener: TrackingLink }>('/screeners', body).then((r) => r.screener);

/** `silent`: the screen shows a refusal itself, so no toast says it again. */
export function useCreateTrackingLink({ silent = false } = {}) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: createTrackingLink,
    meta: { silent },
    onSuccess: (link) => storeTrackingLink(queryClient, link),
  });
}
