import { type RefObject, useEffect, useState } from 'react';

const IDLE_MS = 2500;

/** Controls show while paused, and for a moment after the pointer moves over a playing film. */
export function useControlsVisibility(ref: RefObject<HTMLElement | null>, playing: boolean) {
  const [active, setActive] = useState(true);
  useEffect(() => {
    const element = ref.current;
    if (!element) return;
    let timer: number | undefined;
    const wake = () => {
      setActive(true);
      window.clearTimeout(timer);
      timer = window.setTimeout(() => setActive(false), IDLE_MS);
    };
    wake();
    element.addEventListener('pointermove', wake);
    element.addEventListener('pointerdown', wake);
    document.addEventListener('keydown', wake);
    return () => {
      window.clearTimeout(timer);
      element.removeEventListener('pointermove', wake);
      element.removeEventListener('pointerdown', wake);
      document.removeEventListener('keydown', wake);
    };
  }, [ref]);
  return !playing || active;
}
