import type { TrackingLink, UpdateTrackingLinkBody } from '@screenroom/shared/schemas/tracking-links';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api, apiPath } from '../../../lib/api-client';
import { storeTrackingLink } from './store';

export const updateTrackingLink = ({ id, ...body }: UpdateTrackingLinkBody & { id: string }) =>
  api.patch<{ screener: TrackingLink }>(apiPath`/screeners/${id}`, body).then((r) => r.screener);

export function useUpdateTrackingLink() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: updateTrackingLink,
    onSuccess: (link) => storeTrackingLink(queryClient, link),
  });
}
