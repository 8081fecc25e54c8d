/** The top bar's title for a path (spec section 2). */
export function titleForPath(pathname: string) {
  if (/^\/screeners?\/[^/]+\/tracking-links/.test(pathname) || pathname.startsWith('/analytics')) {
    return 'Tracking Links';
  }
  if (pathname.startsWith('/presenters')) return 'Presenters';
  if (pathname.startsWith('/pricing-plans')) return 'Pricing';
  if (pathname.startsWith('/settings')) return 'Settings';
  if (pathname.startsWith('/logs')) return 'Logs Management';
  if (pathname.startsWith('/inspire')) return 'Inspire';
  if (pathname.startsWith('/markets')) return 'Markets';
  return 'Screeners';
}

/**
 * Dialog routes render over their page: the page (not the dialog) decides the transition key, so opening
 * or closing a dialog does not draw the page anew (pass the path through pagePathOf first, so a dialog
 * over a screener's tab keys as that tab, and the opener of the dialog is still there to take focus back).
 */
export function pageKeyForPath(pathname: string) {
  return pathname.replace(/\/dialog(\/.*)?$/, '');
}
