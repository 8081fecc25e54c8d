import { type RefObject, useEffect, useState } from 'react';

const IDLE_MS = 2500;

/**
 * The controls are in use: the mouse rests on them, their menu is open, or the viewer is moving through
 * them with Tab. A finger's last touch does not count (touch screens keep :hover on what was tapped),
 * nor does focus a control keeps after a shortcut key (space, arrows, f): those are for the film.
 */
function inUse(player: HTMLElement, mouseOnControls: boolean, tabbing: boolean) {
  if (mouseOnControls || player.querySelector('.watch-menu-list') !== null) return true;
  return tabbing && player.querySelector('.watch-controls :focus-visible') !== null;
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
    let tabbing = false;
    const hideWhenIdle = () => {
      if (inUse(element, mouseOnControls, tabbing)) timer = window.setTimeout(hideWhenIdle, IDLE_MS);
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
      tabbing = event.key === 'Tab';
      wake();
    };
    wake();
    element.addEventListener('pointermove', onPointerMove);
    element.addEventListener('pointerleave', onPointerLeave);
    element.addEventListener('pointerdown', wake);
    document.addEventListener('keydown', onKeyDown);
    return () => {
      window.clearTimeout(timer);
      element.removeEventListener('pointermove', onPointerMove);
      element.removeEventListener('pointerleave', onPointerLeave);
      element.removeEventListener('pointerdown', wake);
      document.removeEventListener('keydown', onKeyDown);
    };
  }, [ref]);
  return !playing || active;
}
