import type { TrackingLink } from '@screenroom/shared/schemas/tracking-links';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api, apiPath } from '../../../lib/api-client';
import { storeTrackingLink } from './store';

export const updateStatus = ({ id, status }: { id: string; status: 'active' | 'revoked' }) =>
  api
    .post<{ screener: TrackingLink }>(apiPath`/screeners/${id}/updateStatus`, { status })
    .then((r) => r.screener);

export function useUpdateStatus() {
  const queryClient = useQueryClient();
  return useMutation({ mutationFn: updateStatus, onSuccess: (link) => storeTrackingLink(queryClient, link) });
}
