import { useEffect, useRef } from 'react';
import { useLocation, useNavigationType } from 'react-router';

const isDialog = (pathname: string) => /\/dialog(-|\/|$)/.test(pathname);

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
    if (isDialog(from) || isDialog(pathname)) return;
    window.scrollTo(0, 0);
  }, [pathname, navigationType]);
  return null;
}
