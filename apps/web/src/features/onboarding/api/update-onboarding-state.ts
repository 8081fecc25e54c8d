import type { Presenter, UpdateOnboardingBody } from '@screenroom/shared/schemas/presenters';
import { useMutation } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { useSetPresenter } from '../../auth/api/session';

export const updateOnboardingState = (body: UpdateOnboardingBody) =>
  api.post<{ presenter: Presenter }>('/presenters/updateOnBoardingState', body).then((r) => r.presenter);

/** Stores a step on the server, so a reload or another device resumes there; the answer is the presenter. */
export function useUpdateOnboardingState() {
  const setPresenter = useSetPresenter();
  return useMutation({ mutationFn: updateOnboardingState, onSuccess: setPresenter });
}
