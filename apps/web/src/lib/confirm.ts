import { modals } from '@mantine/modals';
import { focusBackWhenDone } from './focus-back-when-done';

type ConfirmOptions = Parameters<typeof modals.openConfirmModal>[0];

/**
 * Where focus goes back to when the dialog closes. A dialog gives it back to what had it when it opened,
 * but a menu's item goes away with its menu, and focus then fell to the page (revoking from a row's
 * Actions menu): the button that opened the menu, which stays, takes focus first.
 */
function moveFocusOutOfMenu() {
  const menu = document.activeElement?.closest('[role="menu"]');
  const trigger = menu?.getAttribute('aria-labelledby');
  const button = trigger ? document.getElementById(trigger) : null;
  button?.focus({ preventScroll: true });
}

/**
 * A confirmation dialog whose confirm acts once: the dialog stays clickable while it fades out, and a
 * double click on "Delete screener" sent the deletion twice (the second a "does not exist" toast).
 * An `onConfirm` that answers its request's promise gets the focus back on the control that asked, once
 * the request has settled (see focusBackWhenDone).
 */
export function openConfirm({
  onConfirm,
  ...options
}: Omit<ConfirmOptions, 'onConfirm'> & { onConfirm?: () => unknown }) {
  let confirmed = false;
  moveFocusOutOfMenu();
  const asker = document.activeElement instanceof HTMLElement ? document.activeElement : null;
  return modals.openConfirmModal({
    ...options,
    // Focus starts on the safe choice, not on the close button or the destructive one.
    cancelProps: { 'data-autofocus': true, ...options.cancelProps } as ConfirmOptions['cancelProps'],
    onConfirm: () => {
      if (confirmed) return;
      confirmed = true;
      const request = onConfirm?.();
      if (request instanceof Promise) focusBackWhenDone(asker, request);
    },
  });
}
