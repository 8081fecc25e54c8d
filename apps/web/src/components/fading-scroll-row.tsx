import { type ReactNode, useEffect, useLayoutEffect, useRef } from 'react';

/**
 * A row of links wider than the screen, scrolled sideways: it fades out at an edge only while there is
 * more past that edge (a link cut at the edge with no hint read as a broken layout), and scrolls the
 * current page's link (`aria-current="page"`) into view whenever `activeKey` changes.
 */
export function FadingScrollRow({
  children,
  activeKey,
  testId,
}: {
  children: ReactNode;
  activeKey: string;
  testId?: string;
}) {
  const row = useRef<HTMLDivElement>(null);

  useEffect(() => {
    const el = row.current;
    if (!el) return;
    const mark = () => {
      // A pixel of slack: zoomed screens leave fractions of one at the end.
      const before = el.scrollLeft > 1;
      const after = el.scrollLeft + el.clientWidth < el.scrollWidth - 1;
      for (const [name, on] of [
        ['data-more-before', before],
        ['data-more-after', after],
      ] as const) {
        // Touched only when it changes: this runs on every scroll event.
        if (el.hasAttribute(name) === on) continue;
        on ? el.setAttribute(name, 'true') : el.removeAttribute(name);
      }
    };
    mark();
    el.addEventListener('scroll', mark, { passive: true });
    const resized = new ResizeObserver(mark);
    resized.observe(el);
    if (el.firstElementChild) resized.observe(el.firstElementChild);
    return () => {
      el.removeEventListener('scroll', mark);
      resized.disconnect();
    };
  }, []);

  // Only the row scrolls: scrollIntoView would also move the page to it.
  // biome-ignore lint/correctness/useExhaustiveDependencies: runs again when the current page changes
  useLayoutEffect(() => {
    const el = row.current;
    const current = el?.querySelector<HTMLElement>('[aria-current="page"]');
    if (!el || !current) return;
    const start = current.offsetLeft - el.offsetLeft;
    const end = start + current.offsetWidth;
    const margin = 24;
    if (start < el.scrollLeft + margin) el.scrollLeft = Math.max(0, start - margin);
    else if (end > el.scrollLeft + el.clientWidth - margin) el.scrollLeft = end - el.clientWidth + margin;
  }, [activeKey]);

  return (
    <div ref={row} className="fading-scroll-row" data-testid={testId}>
      {children}
    </div>
  );
}
