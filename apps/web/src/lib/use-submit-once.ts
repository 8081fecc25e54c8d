import { useCallback, useEffect, useRef } from 'react';

type Then<T> = { onSuccess?: (result: T) => void; onError?: (error: unknown) => void };

/**
 * Runs a submission unless the previous one is still under way, so a double click creates one record.
 * A mutation's `isPending` (and so the button's `loading`) arrives a render too late to stop the second
 * click: TanStack Query tells React after a tick. Like `mutate`'s own callbacks, `then` is skipped once
 * the form is gone: a dialog closed meanwhile must not pull the presenter back into the next one (a
 * refusal that arrives then is the query client's toast).
 */
export function useSubmitOnce() {
  const busy = useRef(false);
  const mounted = useRef(true);
  useEffect(() => {
    mounted.current = true;
    return () => {
      mounted.current = false;
    };
  }, []);
  return useCallback(<T>(submit: () => Promise<T>, then: Then<T> = {}) => {
    if (busy.current) return;
    busy.current = true;
    submit()
      .then(
        (result) => mounted.current && then.onSuccess?.(result),
        (error) => mounted.current && then.onError?.(error),
      )
      .finally(() => {
        busy.current = false;
      });
  }, []);
}
