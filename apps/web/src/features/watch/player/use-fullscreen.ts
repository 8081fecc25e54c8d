import { type RefObject, useEffect, useState } from 'react';
import { FILL_WINDOW_CHANGE, inFullscreen } from './fullscreen';

/** Whether this element is the one in fullscreen (or filling the window where there is none). */
export function useFullscreen(ref: RefObject<HTMLElement | null>) {
  const [on, setOn] = useState(false);
  useEffect(() => {
    const element = ref.current;
    const update = () => setOn(inFullscreen(ref.current));
    document.addEventListener('fullscreenchange', update);
    element?.addEventListener(FILL_WINDOW_CHANGE, update);
    return () => {
      document.removeEventListener('fullscreenchange', update);
      element?.removeEventListener(FILL_WINDOW_CHANGE, update);
    };
  }, [ref]);
  return on;
}
