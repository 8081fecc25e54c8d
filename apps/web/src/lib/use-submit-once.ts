import { useCallback, useRef } from 'react';

/**
 * Runs a submission unless the previous one is still under way, so a double click creates one record.
 * A mutation's `isPending` (and so the button's `loading`) arrives a render too late to stop the second
 * click: TanStack Query tells React after a tick.
 */
export function useSubmitOnce() {
  const busy = useRef(false);
  return useCallback((submit: () => Promise<unknown>) => {
    if (busy.current) return;
    busy.current = true;
    submit()
      .catch(() => {}) // failures are the mutation's to report (toast, field errors)
      .finally(() => {
        busy.current = false;
      });
  }, []);
}
