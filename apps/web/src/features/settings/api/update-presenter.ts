import type { Presenter, UpdatePresenterBody } from '@screenroom/shared/schemas/presenters';
import { useMutation } from '@tanstack/react-query';
import { api, apiPath } from '../../../lib/api-client';
import { useSetPresenter } from '../../auth/api/session';

export const updatePresenter = ({ id, ...body }: UpdatePresenterBody & { id: string }) =>
  api.patch<{ presenter: Presenter }>(apiPath`/presenters/${id}`, body).then((r) => r.presenter);

/**
 * PATCH /presenters/{id}: name, time zone, theme; the answer replaces the signed-in presenter. `silent`:
 * the screen shows a refusal itself, so no toast says it again.
 */
export function useUpdatePresenter({ silent = false } = {}) {
  const setPresenter = useSetPresenter();
  // One at a time, in order: quick toggles of the theme must not land (and answer) out of order.
  return useMutation({
    mutationFn: updatePresenter,
    onSuccess: setPresenter,
    scope: { id: 'presenter' },
    meta: { silent },
  });
}
