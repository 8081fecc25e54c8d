import { focusLost } from './focus-lost';

/** How long to wait, once the action has settled, for its control to come back (enabled) or to go. */
const WATCH_MS = 10_000;

/**
 * Gives focus back to `control` once `action` has settled, if it fell to the page meanwhile. A button
 * that shows a loader while its request runs is disabled (Mantine's `loading`), which drops its focus in
 * Chromium, and enabling it again does not bring the focus back: after a refusal, a keyboard user was
 * nowhere. A control that went away with the result (a panel replaced) hands focus to its dialog's
 * `[data-autofocus]` control, where that dialog starts.
 */
export function focusBackWhenDone(control: HTMLElement | null, action: Promise<unknown>) {
  if (!control) return;
  const dialog = control.closest<HTMLElement>('[role="dialog"]');
  const settled = () => {
    if (placeFocus()) return;
    // A quick answer can settle before the loader has even shown: the focus may drop after this.
    const observer = new MutationObserver(() => {
      if (placeFocus()) stop();
    });
    const timer = setTimeout(() => stop(), WATCH_MS);
    // The person moving on (a click, a key) has the last word.
    const events = ['pointerdown', 'keydown'] as const;
    for (const type of events) document.addEventListener(type, stop, { capture: true });
    function stop() {
      observer.disconnect();
      clearTimeout(timer);
      for (const type of events) document.removeEventListener(type, stop, { capture: true });
    }
    observer.observe(document.body, {
      childList: true,
      subtree: true,
      attributes: true,
      attributeFilter: ['disabled'],
    });
  };
  action.then(settled, settled);

  /** Whether focus was lost and is now placed: on the control, else where its dialog starts. */
  function placeFocus() {
    if (!focusLost()) return false;
    if (control?.isConnected) {
      if (control.matches(':disabled')) return false;
      control.focus();
      return true;
    }
    const start = dialog?.isConnected ? dialog.querySelector<HTMLElement>('[data-autofocus]') : null;
    start?.focus();
    return Boolean(start);
  }
}
