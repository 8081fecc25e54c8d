/**
 * Makes the page do what Chromium does and happy-dom does not: a focused control that becomes disabled
 * (a button showing its loader) drops its focus to the page. Answers a function that stops it.
 */
export function dropFocusWhenDisabled() {
  const observer = new MutationObserver(() => {
    const active = document.activeElement as HTMLButtonElement | null;
    if (!active?.disabled) return;
    // happy-dom's blur() ignores a disabled element: focus goes through one that then leaves.
    const passing = document.createElement('span');
    passing.tabIndex = -1;
    document.body.append(passing);
    passing.focus();
    passing.remove();
  });
  observer.observe(document.body, { subtree: true, attributes: true, attributeFilter: ['disabled'] });
  return () => observer.disconnect();
}
