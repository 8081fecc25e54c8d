import type { PlayerSettings, Presenter } from '@screenroom/shared/schemas/presenters';
import { useMutation } from '@tanstack/react-query';
import { api, apiPath } from '../../../lib/api-client';
import { usePresenter, useSetPresenter } from '../../auth/api/session';

export const updatePlayerSettings = (presenterId: string, settings: Partial<PlayerSettings>) =>
  api.patch<{ presenter: Presenter }>(apiPath`/presenters/${presenterId}`, { player_settings: settings });

/** Saves one or more session-player settings; the switch moves at once and goes back if saving fails. */
export function useUpdatePlayerSettings() {
  const presenter = usePresenter();
  const setPresenter = useSetPresenter();
  return useMutation({
    // One save at a time, in the order the switches moved, so an older answer never undoes a newer switch.
    scope: { id: 'player-settings' },
    mutationFn: (settings: Partial<PlayerSettings>) => updatePlayerSettings(presenter.id, settings),
    onMutate: (settings) => {
      setPresenter({ ...presenter, player_settings: { ...presenter.player_settings, ...settings } });
      return presenter;
    },
    // The toast comes from the query client; the switch goes back.
    onError: (_error, _settings, previous) => {
      if (previous) setPresenter(previous);
    },
    onSuccess: (response) => setPresenter(response.presenter),
  });
}
