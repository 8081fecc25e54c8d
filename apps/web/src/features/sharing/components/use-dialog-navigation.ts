import type { Video } from '@screenroom/shared/schemas/videos';
import { useCallback } from 'react';
import { useLocation, useNavigate, useOutletContext } from 'react-router';
import { dialogBackgroundOf } from '../../../lib/dialog-background';

/**
 * Dialogs over a screener's page: moving from one dialog to the next keeps the page behind them (the
 * navigation state's `background`), and closing returns to that page.
 */
export function useDialogNavigation() {
  const video = useOutletContext<Video>();
  const navigate = useNavigate();
  const location = useLocation();
  const state = (location.state as { background?: string; [k: string]: unknown } | null) ?? {};
  const background = dialogBackgroundOf(state);
  /** `replace` for a dialog that shows what the one before it did: Back then skips the spent form. */
  const open = useCallback(
    (dialog: string, extra: Record<string, unknown> = {}, { replace = false } = {}) =>
      navigate(`/screeners/${video.id}/dialog/${dialog}`, { state: { background, ...extra }, replace }),
    [navigate, video.id, background],
  );
  const close = useCallback(
    () => navigate(`/screeners/${video.id}/${background}`),
    [navigate, video.id, background],
  );
  return { video, open, close, state };
}
