import type { TrackingLink } from '@screenroom/shared/schemas/tracking-links';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api, apiPath } from '../../../lib/api-client';
import { storeTrackingLink } from './store';

export const resendInvitation = (id: string) =>
  api.post<{ screener: TrackingLink }>(apiPath`/screeners/${id}/resendInvitation`).then((r) => r.screener);

export function useResendInvitation() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: resendInvitation,
    onSuccess: (link) => storeTrackingLink(queryClient, link),
  });
}
