import type { CreateTrackingLinkBody, TrackingLink } from '@screenroom/shared/schemas/tracking-links';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { storeTrackingLink } from './store';

export const createTrackingLink = (body: CreateTrackingLinkBody) =>
  api.post<{ screener: TrackingLink }>('/screeners', body).then((r) => r.screener);

export function useCreateTrackingLink() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: createTrackingLink,
    onSuccess: (link) => storeTrackingLink(queryClient, link),
  });
}
