import type { Page } from '@playwright/test';

/** Apple's and WCAG 2.5.5's size of a control a finger can hit. */
export const FINGER = 44;

/**
 * The buttons, tabs, menu entries and segmented choices in view that a finger would miss. A control is
 * reachable when its box is 44 px each way, or when a finger 22 px above, below, left and right of its
 * centre still lands on it (a hit area drawn past a small box). Each is named with its text or label
 * and its size, so a failure says what to fix.
 */
export function controlsTooSmallForAFinger(page: Page) {
  return page.evaluate((finger) => {
    const selector = [
      'button',
      '[role="button"]',
      'a.mantine-Button-root',
      'a.mantine-ActionIcon-root',
      'a.mantine-NavLink-root',
      '[role="tab"]',
      '[role="menuitem"]',
      '[role="switch"]',
      '.mantine-SegmentedControl-label',
    ].join(',');
    const reach = finger / 2 - 1;
    const inView = (x: number, y: number) =>
      [
        Math.min(Math.max(x, 0), window.innerWidth - 1),
        Math.min(Math.max(y, 0), window.innerHeight - 1),
      ] as const;
    const fingerLands = (el: Element, box: DOMRect) => {
      const [cx, cy] = [box.left + box.width / 2, box.top + box.height / 2];
      const points = [
        inView(cx, cy - reach),
        inView(cx, cy + reach),
        inView(cx - reach, cy),
        inView(cx + reach, cy),
      ];
      return points.every(([x, y]) => {
        const hit = document.elementFromPoint(x, y);
        return hit !== null && el.contains(hit);
      });
    };
    return [...document.querySelectorAll<HTMLElement>(selector)]
      .filter((el) => {
        const box = el.getBoundingClientRect();
        // In view (the skip link waits above the page until the Tab key reaches it), and not under a
        // dialog or menu drawn over it.
        if (box.width === 0 || box.bottom <= 0 || box.top >= window.innerHeight) return false;
        const onTop = document.elementFromPoint(
          ...inView(box.left + box.width / 2, box.top + box.height / 2),
        );
        return onTop !== null && el.contains(onTop);
      })
      .filter((el) => {
        const box = el.getBoundingClientRect();
        const bigEnough = Math.round(box.width) >= finger && Math.round(box.height) >= finger;
        return !bigEnough && !fingerLands(el, box);
      })
      .map((el) => {
        const box = el.getBoundingClientRect();
        const labelled = el.getAttribute('aria-label') ?? el.closest('label')?.textContent ?? el.textContent;
        const name = (labelled ?? '').trim().slice(0, 40);
        return `${name} (${Math.round(box.width)}×${Math.round(box.height)})`;
      });
  }, FINGER);
}
