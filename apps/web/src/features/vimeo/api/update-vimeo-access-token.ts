import type {
  UpdateVimeoAccessTokenBody,
  UpdateVimeoAccessTokenResponse,
} from '@screenroom/shared/schemas/vimeo';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { useSetPresenter } from '../../auth/api/session';
import { invalidateVimeo } from './get-vimeo-status';

export const updateVimeoAccessToken = (body: UpdateVimeoAccessTokenBody) =>
  api.post<UpdateVimeoAccessTokenResponse>('/presenters/updateVimeoAccessToken', body);

/** Links the account (pasted token, or the popup's code and state); `silent` leaves errors to the screen. */
export function useUpdateVimeoAccessToken(options: { silent?: boolean } = {}) {
  const queryClient = useQueryClient();
  const setPresenter = useSetPresenter();
  return useMutation({
    mutationFn: updateVimeoAccessToken,
    meta: { silent: options.silent ?? false },
    onSuccess: (response) => {
      setPresenter(response.presenter);
      return invalidateVimeo(queryClient);
    },
  });
}
