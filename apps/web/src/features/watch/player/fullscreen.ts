/**
 * Sent on the player when it starts or stops filling the window: the stand-in for fullscreen where the
 * browser has none for an element.
 */
export const FILL_WINDOW_CHANGE = 'screenroom:fillwindowchange';

const FILLS_WINDOW = 'data-fills-window';

/** Whether the player is in fullscreen, the browser's own or the window-filling stand-in. */
export function inFullscreen(container: HTMLElement | null) {
  if (!container) return false;
  return document.fullscreenElement === container || container.hasAttribute(FILLS_WINDOW);
}

/**
 * The player fills the window (fixed over the page, which stops scrolling underneath). iPhone Safari has
 * no fullscreen for an element, only its own player for a bare video, which would leave the watermark
 * and our controls behind: without this, the full screen button did nothing there.
 */
function fillWindow(container: HTMLElement, on: boolean) {
  container.toggleAttribute(FILLS_WINDOW, on);
  document.documentElement.toggleAttribute('data-player-fills-window', on);
  container.dispatchEvent(new Event(FILL_WINDOW_CHANGE));
}

/** Fullscreen of the whole player (not the bare video), so the watermark and our controls stay on top. */
export function toggleFullscreen(container: HTMLElement) {
  if (document.fullscreenElement) void document.exitFullscreen();
  else if (container.hasAttribute(FILLS_WINDOW)) fillWindow(container, false);
  else if (typeof container.requestFullscreen !== 'function') fillWindow(container, true);
  else void container.requestFullscreen({ navigationUI: 'hide' }).catch(() => fillWindow(container, true));
}
