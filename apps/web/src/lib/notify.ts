import { notifications } from '@mantine/notifications';
import { TOAST_DURATION_MS } from '@screenroom/shared/constants';

const FAILURE_TITLE = 'Something went wrong';

/**
 * An API error's message as a toast (top-centre, 3 s, kept while hovered, with a Close action). The same
 * message is shown once at a time: a page whose two requests fail alike says it once. `refused`: the
 * server answered why it would not (a 4xx), which its message says; only a failure is titled as one.
 */
export function notifyError(message: string, refused = false) {
  shownErrors.add(`error:${message}`);
  notifications.show({
    id: `error:${message}`,
    color: 'red',
    // The spec's "Something went wrong while disabling link" says it already: not twice.
    title: refused || message.startsWith(FAILURE_TITLE) ? undefined : FAILURE_TITLE,
    message,
    autoClose: TOAST_DURATION_MS,
    withCloseButton: true,
    closeButtonProps: { 'aria-label': 'Close' },
  });
}

const shownErrors = new Set<string>();

/** Takes down the error toasts still showing: what they said no longer holds (a code now accepted). */
export function dismissErrors() {
  for (const id of shownErrors) notifications.hide(id);
  shownErrors.clear();
}

export function notifySuccess(message: string) {
  notifications.show({
    color: 'teal',
    message,
    autoClose: TOAST_DURATION_MS,
    withCloseButton: true,
    closeButtonProps: { 'aria-label': 'Close' },
  });
}
