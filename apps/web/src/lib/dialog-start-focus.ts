/**
 * Mantine's Modal focuses its [data-autofocus] control as it opens. Content that arrives later (after a
 * query) finds focus on the close button, where nobody starts: it moves to that control then. Focus the
 * person already moved elsewhere stays where it is.
 */
export function focusDialogStart() {
  const active = document.activeElement;
  if (!(active instanceof HTMLElement) || !active.matches('.mantine-Modal-close')) return;
  active.closest<HTMLElement>('[role="dialog"]')?.querySelector<HTMLElement>('[data-autofocus]')?.focus();
}
