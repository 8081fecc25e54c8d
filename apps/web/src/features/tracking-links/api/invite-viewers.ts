import type { InviteBody, InviteResponse } from '@screenroom/shared/schemas/tracking-links';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { trackingLinksKey } from './keys';

export const inviteViewers = (body: InviteBody) => api.post<InviteResponse>('/screeners/invite', body);

/** `silent`: the screen shows a refusal itself, so no toast says it again. */
export function useInviteViewers({ silent = false } = {}) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: inviteViewers,
    meta: { silent },
    onSuccess: (_r, body) => {
      void queryClient.invalidateQueries({ queryKey: trackingLinksKey(body.video_id) });
      void queryClient.invalidateQueries({ queryKey: ['videos'], exact: true });
      void queryClient.invalidateQueries({ queryKey: ['videos', body.video_id], exact: true });
    },
  });
}
