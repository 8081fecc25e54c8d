import { NavigationProgress, nprogress, nprogressStore, useNprogress } from '@mantine/nprogress';
import { LOADING_BAR_DURATION_MS, LOADING_BAR_THROTTLE_MS } from '@screenroom/shared/constants';
import { useIsFetching, useIsMutating, useQueryClient } from '@tanstack/react-query';
import { useEffect, useRef, useState } from 'react';
import { useNavigation } from 'react-router';

/**
 * The top loading bar: starts only when loading lasts longer than the throttle (200 ms), progresses over
 * about 5 s, then finishes, or turns red when a request failed meanwhile.
 */
export function LoadingBar() {
  const fetching = useIsFetching();
  const mutating = useIsMutating();
  const navigation = useNavigation();
  const busy = fetching + mutating > 0 || navigation.state !== 'idle';
  const queryClient = useQueryClient();
  const [failed, setFailed] = useState(false);
  const started = useRef(false);
  const { mounted } = useNprogress(nprogressStore);

  useEffect(() => {
    return queryClient.getQueryCache().subscribe((event) => {
      if (event.type === 'updated' && event.action.type === 'error' && started.current) setFailed(true);
    });
  }, [queryClient]);

  useEffect(() => {
    if (busy) {
      const timer = setTimeout(() => {
        started.current = true;
        setFailed(false);
        nprogress.start();
      }, LOADING_BAR_THROTTLE_MS);
      return () => clearTimeout(timer);
    }
    if (started.current) {
      started.current = false;
      nprogress.complete();
    }
    return undefined;
  }, [busy]);

  return (
    <NavigationProgress
      aria-label="Loading page"
      // Idle, it would read as a progress bar stuck at 0%, outside every landmark of the page.
      aria-hidden={!mounted}
      color={failed ? 'red' : undefined}
      stepInterval={LOADING_BAR_DURATION_MS / 20}
      size={3}
    />
  );
}
