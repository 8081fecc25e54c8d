import type { RevokeVimeoAccessResponse } from '@screenroom/shared/schemas/vimeo';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api, apiPath } from '../../../lib/api-client';
import { useSetPresenter } from '../../auth/api/session';
import { invalidateVimeo } from './get-vimeo-status';

export const revokeVimeoAccess = (presenterId: string) =>
  api.patch<RevokeVimeoAccessResponse>(apiPath`/presenters/${presenterId}/vimeo/revokeAccess`);

export function useRevokeVimeoAccess() {
  const queryClient = useQueryClient();
  const setPresenter = useSetPresenter();
  return useMutation({
    mutationFn: revokeVimeoAccess,
    onSuccess: (response) => {
      setPresenter(response.presenter);
      return invalidateVimeo(queryClient);
    },
  });
}
