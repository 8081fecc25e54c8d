import { IconWifiOff } from '@tabler/icons-react';
import { useSyncExternalStore } from 'react';
import type { PlaybackAuth } from '../playback-auth';

/** Whether heartbeats get through: false while offline or the server gets no answer to them. */
export function useConnected(auth: PlaybackAuth) {
  return useSyncExternalStore(
    (listener) => auth.subscribe(listener),
    () => auth.connected,
  );
}

/**
 * Over the picture while the connection is lost (a train's tunnel): the film waits for the network, and
 * the viewer is told so rather than left before a frozen frame.
 */
export function ConnectionLostNote() {
  return (
    <p className="watch-connection-note" role="status" data-testid="watch-connection-lost">
      <IconWifiOff size={16} /> The connection is lost. The film goes on by itself once it is back.
    </p>
  );
}
