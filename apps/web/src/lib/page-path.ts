/**
 * The page a path shows. A screener's dialog shows over the page its navigation state names (its
 * `background`), which decides the title and the tab, not the dialog's own address.
 */
export function pagePathOf(pathname: string, state: unknown) {
  const dialog = /^(\/screeners\/[^/]+)\/dialog(\/|$)/.exec(pathname);
  const background = (state as { background?: unknown } | null)?.background;
  return dialog && typeof background === 'string' ? `${dialog[1]}/${background}` : pathname;
}
