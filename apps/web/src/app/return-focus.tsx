import { useEffect, useRef } from 'react';
import { useLocation } from 'react-router';
import { focusLost } from '../lib/focus-lost';
import { isDialog } from './scroll-to-top';

/**
 * Closing a dialog that has an address of its own gives focus back to what opened it, as a plain
 * dialog does: the route unmounts the modal at once, so Mantine's own return of focus never ran, and
 * a keyboard user was dropped at the top of the page. The opener is the last element focused outside
 * any dialog (a click focuses a link or button too).
 */
export function ReturnFocusAfterDialogs() {
  const { pathname } = useLocation();
  const opener = useRef<HTMLElement | null>(null);
  const wasDialog = useRef(isDialog(pathname));

  useEffect(() => {
    const remember = (event: FocusEvent) => {
      const target = event.target;
      if (target instanceof HTMLElement && !target.closest('[role="dialog"]')) opener.current = target;
    };
    document.addEventListener('focusin', remember);
    return () => document.removeEventListener('focusin', remember);
  }, []);

  useEffect(() => {
    const closed = wasDialog.current && !isDialog(pathname);
    wasDialog.current = isDialog(pathname);
    if (!closed) return;
    const frame = requestAnimationFrame(() => {
      const element = opener.current;
      const lost = focusLost();
      if (element?.isConnected && lost) element.focus();
    });
    return () => cancelAnimationFrame(frame);
  }, [pathname]);
  return null;
}
