import { modals } from '@mantine/modals';

type ConfirmOptions = Parameters<typeof modals.openConfirmModal>[0];

/**
 * A confirmation dialog whose confirm acts once: the dialog stays clickable while it fades out, and a
 * double click on "Delete screener" sent the deletion twice (the second a "does not exist" toast).
 */
export function openConfirm({ onConfirm, ...options }: ConfirmOptions) {
  let confirmed = false;
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
