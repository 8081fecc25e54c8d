import { useEffect, useRef } from 'react';
import { useLocation, useNavigationType } from 'react-router';

export const isDialog = (pathname: string) => /\/dialog(-|\/|$)/.test(pathname);
/** The page a dialog's address opens over: /screeners/{id}/dialog/share-options is over /screeners/{id}. */
const pageUnder = (pathname: string) => pathname.replace(/\/dialog(-|\/|$).*$/, '');

/**
 * A new page starts at its top, as in a multi-page site; without this the app kept the scroll of the
 * page before (a replay opened from far down a viewer's sessions showed its middle). Back and forward
 * are left to the browser, and dialogs (routes over the page behind them) leave that page where it was.
 */
export function ScrollToTop() {
  const { pathname } = useLocation();
  const navigationType = useNavigationType();
  const previous = useRef(pathname);
  useEffect(() => {
    const from = previous.current;
    previous.current = pathname;
    if (from === pathname || navigationType === 'POP') return;
    // Opening a dialog, or closing it back to its page, keeps the page where it was; leaving it for
    // another page (a link inside it) starts that page at the top.
    if (isDialog(pathname) || (isDialog(from) && pathname.startsWith(pageUnder(from)))) return;
    window.scrollTo(0, 0);
  }, [pathname, navigationType]);
  return null;
}
