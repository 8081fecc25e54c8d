import { useEffect, useState } from 'react';
import { EventTracker } from '../event-tracker';
import type { PlaybackAuth } from '../playback-auth';
import { forgetResumeRecord, leaveResumeRecord } from '../resume-record';
import type { Opened } from '../use-watch-session';

/**
 * The session's event tracker, flushed and stopped when the page or the session goes away. A page going
 * away leaves its tab what the next page needs to go on with the same session (resume-record.ts).
 */
export function useEventTracker(auth: PlaybackAuth, { session, token, firstSeq }: Opened) {
  const [tracker] = useState(() => new EventTracker(auth.sessionId, () => auth.token, firstSeq));
  useEffect(() => {
    tracker.start();
    const leave = () => {
      tracker.close();
      leaveResumeRecord({
        token,
        sessionId: session.sessionId,
        secret: session.sessionSecret,
        nextSeq: tracker.nextSeq,
      });
    };
    // Back from the browser's page cache: this page lives on, and a tab duplicated from it must not
    // take its session.
    const back = (event: PageTransitionEvent) => {
      if (event.persisted) forgetResumeRecord();
    };
    window.addEventListener('pagehide', leave);
    window.addEventListener('pageshow', back);
    return () => {
      window.removeEventListener('pagehide', leave);
      window.removeEventListener('pageshow', back);
      tracker.finish();
      void tracker.flush();
      tracker.stop();
    };
  }, [tracker, token, session]);
  return tracker;
}
