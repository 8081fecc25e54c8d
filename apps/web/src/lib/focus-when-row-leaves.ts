import { focusLost } from './focus-lost';

/** How long to wait for the list to show the action's result (a refetch) before letting go. */
const WATCH_MS = 10_000;

/**
 * After an action on a row, the row can leave its list (a viewer revoked while the list shows only
 * active viewers), taking the focused control with it, and focus fell to the top of the page. If that
 * happens, focus goes to the same control in the row that took its place (or the row above), else, when
 * the list is empty, to the element marked `data-focus-when-list-empties` (the list's filter).
 *
 * Rows are the children of one element that carry `data-row`; the control carries `data-row-control`.
 * Call it when the action starts: the row may leave as soon as the action's answer is stored.
 */
export function focusWhenRowLeaves(control: HTMLElement | null) {
  const row = control?.closest<HTMLElement>('[data-row]');
  const list = row?.parentElement;
  const name = control?.dataset.rowControl;
  if (!row || !list || !name) return;
  const index = Array.prototype.indexOf.call(list.children, row) as number;

  const observer = new MutationObserver(() => {
    // Focus may still be in the closing dialog: its removal is a mutation too, seen next.
    if (row.isConnected || !focusLost()) return;
    stop();
    const rows = list.isConnected ? [...list.children].filter((child) => child.hasAttribute('data-row')) : [];
    const successor = rows[index] ?? rows[index - 1];
    const target =
      successor?.querySelector<HTMLElement>(`[data-row-control="${name}"]`) ??
      document.querySelector<HTMLElement>('[data-focus-when-list-empties]');
    target?.focus();
  });
  const timer = setTimeout(() => stop(), WATCH_MS);
  function stop() {
    observer.disconnect();
    clearTimeout(timer);
  }
  observer.observe(document.body, { childList: true, subtree: true });
}
