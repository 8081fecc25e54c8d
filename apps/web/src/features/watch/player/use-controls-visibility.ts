import { type RefObject, useEffect, useState } from 'react';

const IDLE_MS = 2500;

/**
 * The controls are in use: the mouse rests on them, their menu is open, or focus the viewer reached with
 * Tab shows on one of them (its ring must stay in sight, whatever key they pressed since: Enter on Pause,
 * an arrow). A finger's last touch does not count (touch screens keep :hover on what was tapped), nor does
 * focus a click left on a slider, even once a key is pressed (the mouse user's controls hide as ever).
 */
function inUse(player: HTMLElement, mouseOnControls: boolean, keyboardFocus: boolean) {
  if (mouseOnControls || player.querySelector('.watch-menu-list') !== null) return true;
  return keyboardFocus && player.querySelector('.watch-controls :focus-visible') !== null;
}

/**
 * Controls show while paused, and for a moment after the pointer moves over a playing film; they stay
 * while in use.
 */
export function useControlsVisibility(ref: RefObject<HTMLElement | null>, playing: boolean) {
  const [active, setActive] = useState(true);
  useEffect(() => {
    const element = ref.current;
    if (!element) return;
    let timer: number | undefined;
    let mouseOnControls = false;
    /** Focus was last moved with Tab, not by a click since. */
    let keyboardFocus = false;
    const hideWhenIdle = () => {
      if (inUse(element, mouseOnControls, keyboardFocus)) timer = window.setTimeout(hideWhenIdle, IDLE_MS);
      else setActive(false);
    };
    const wake = () => {
      setActive(true);
      window.clearTimeout(timer);
      timer = window.setTimeout(hideWhenIdle, IDLE_MS);
    };
    const onPointerMove = (event: PointerEvent) => {
      mouseOnControls =
        event.pointerType === 'mouse' &&
        event.target instanceof Element &&
        event.target.closest('.watch-controls') !== null;
      wake();
    };
    const onPointerLeave = () => {
      mouseOnControls = false;
    };
    const onKeyDown = (event: KeyboardEvent) => {
      if (event.key === 'Tab') keyboardFocus = true;
      wake();
    };
    const onPointerDown = () => {
      keyboardFocus = false;
    };
    wake();
    element.addEventListener('pointermove', onPointerMove);
    element.addEventListener('pointerleave', onPointerLeave);
    element.addEventListener('pointerdown', wake);
    document.addEventListener('keydown', onKeyDown);
    document.addEventListener('pointerdown', onPointerDown, true);
    return () => {
      window.clearTimeout(timer);
      element.removeEventListener('pointermove', onPointerMove);
      element.removeEventListener('pointerleave', onPointerLeave);
      element.removeEventListener('pointerdown', wake);
      document.removeEventListener('keydown', onKeyDown);
      document.removeEventListener('pointerdown', onPointerDown, true);
    };
  }, [ref]);
  return !playing || active;
}
