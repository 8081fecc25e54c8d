import { MIN_FETCH_DISPLAY_DELAY_MS } from '@screenroom/shared/constants';
import { useEffect, useState } from 'react';

/** True only once `flag` has stayed true for `delay` ms: quick fetches never flash a spinner. */
export function useDelayedFlag(flag: boolean, delay = MIN_FETCH_DISPLAY_DELAY_MS) {
  const [shown, setShown] = useState(false);
  useEffect(() => {
    if (!flag) {
      setShown(false);
      return;
    }
    const timer = setTimeout(() => setShown(true), delay);
    return () => clearTimeout(timer);
  }, [flag, delay]);
  return shown;
}
