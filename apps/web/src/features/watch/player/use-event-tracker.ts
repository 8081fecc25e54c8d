import { useEffect, useState } from 'react';
import { EventTracker } from '../event-tracker';
import type { PlaybackAuth } from '../playback-auth';

/** The session's event tracker, flushed and stopped when the page or the session goes away. */
export function useEventTracker(auth: PlaybackAuth) {
  const [tracker] = useState(() => new EventTracker(auth.sessionId, () => auth.token));
  useEffect(() => {
    tracker.start();
    const close = () => tracker.close();
    window.addEventListener('pagehide', close);
    return () => {
      window.removeEventListener('pagehide', close);
      tracker.finish();
      void tracker.flush();
      tracker.stop();
    };
  }, [tracker]);
  return tracker;
}
