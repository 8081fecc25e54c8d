import { useEffect } from 'react';
import type { EventTracker } from '../event-tracker';

/** A short, stable description of what was clicked (no text content: it could be personal). */
function describe(target: EventTarget | null) {
  if (!(target instanceof Element)) return 'page';
  const labelled = target.closest('[aria-label],[data-track]');
  return (
    labelled?.getAttribute('data-track') ??
    labelled?.getAttribute('aria-label') ??
    target.tagName.toLowerCase()
  );
}

/** Clicks anywhere on the watch page and the tab being hidden or shown. */
export function usePageEvents(tracker: EventTracker) {
  useEffect(() => {
    const onClick = (event: MouseEvent) =>
      tracker.push('click', { target: describe(event.target).slice(0, 60) });
    const onVisibility = () => tracker.push('visibility', { state: document.visibilityState });
    document.addEventListener('click', onClick, true);
    document.addEventListener('visibilitychange', onVisibility);
    return () => {
      document.removeEventListener('click', onClick, true);
      document.removeEventListener('visibilitychange', onVisibility);
    };
  }, [tracker]);
}
