import { Center, Loader } from '@mantine/core';
import { useDelayedFlag } from './use-delayed-flag';

/** A centred loader that appears only if loading lasts longer than the minimum display delay. */
export function PageLoader({ fullScreen = false }: { fullScreen?: boolean }) {
  const shown = useDelayedFlag(true);
  return (
    <Center h={fullScreen ? '100vh' : 320} aria-busy="true">
      {shown && <Loader type="dots" aria-label="Loading" />}
    </Center>
  );
}
