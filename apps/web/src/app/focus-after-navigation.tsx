import { useEffect, useRef } from 'react';
import { useLocation } from 'react-router';
import { focusLost } from '../lib/focus-lost';
import { pagePathOf } from '../lib/page-path';
import { pageKeyForPath } from './route-title';

/**
 * A new page whose link or button went away with the old one (Continue, Replay, a menu's entry) left
 * focus on nothing, so a keyboard user started again at the top and a screen reader said nothing. The
 * new page's first heading takes focus then (read out, and Tab goes on from there). Focus that is still
 * somewhere, such as on the rail link just followed or in a field the page focused itself, stays.
 */
export function FocusAfterNavigation({ within }: { within: string }) {
  const location = useLocation();
  const page = pageKeyForPath(pagePathOf(location.pathname, location.state));
  const shown = useRef(page);

  useEffect(() => {
    if (shown.current === page) return; // the first page, or the same one again
    shown.current = page;
    // Once the new page has drawn its heading (after its loader, if it shows one first), if focus is
    // still nowhere: tried every 50 ms for a second.
    let tries = 0;
    const timer = window.setInterval(() => {
      tries += 1;
      const lost = focusLost();
      const heading = document.querySelector<HTMLElement>(`${within} :is(h1, h2)`);
      if (!lost || tries > 20) return window.clearInterval(timer);
      if (!heading) return;
      window.clearInterval(timer);
      if (!heading.hasAttribute('tabindex')) heading.setAttribute('tabindex', '-1');
      heading.focus({ preventScroll: true });
    }, 50);
    return () => window.clearInterval(timer);
  }, [page, within]);
  return null;
}
