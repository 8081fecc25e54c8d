/** Fullscreen of the whole player (not the bare video), so the watermark and our controls stay on top. */
export function toggleFullscreen(container: HTMLElement) {
  if (document.fullscreenElement) void document.exitFullscreen();
  else void container.requestFullscreen?.({ navigationUI: 'hide' }).catch(() => undefined);
}
