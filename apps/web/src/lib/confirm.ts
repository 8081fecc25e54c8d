import { modals } from '@mantine/modals';

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
 */
export function openConfirm({ onConfirm, ...options }: ConfirmOptions) {
  let confirmed = false;
  moveFocusOutOfMenu();
  return modals.openConfirmModal({
    ...options,
    // Focus starts on the safe choice, not on the close button or the destructive one.
    cancelProps: { 'data-autofocus': true, ...options.cancelProps } as ConfirmOptions['cancelProps'],
    onConfirm: () => {
      if (confirmed) return;
      confirmed = true;
      onConfirm?.();
    },
  });
}
