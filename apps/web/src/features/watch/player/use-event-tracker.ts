import { useEffect, useState } from 'react';
import { EventTracker } from '../event-tracker';
import type { PlaybackAuth } from '../playback-auth';
import { forgetResumeRecord, leaveResumeRecord } from '../resume-record';
import type { Opened } from '../use-watch-session';

/**
 * The session's event tracker, flushed and stopped when the page or the session goes away. A page going
 * away or out of sight leaves its tab what the next page needs to go on with the same session
 * (resume-record.ts), and takes it back when it is in sight again.
 */
export function useEventTracker(auth: PlaybackAuth, { session, token, firstSeq }: Opened) {
  const [tracker] = useState(() => new EventTracker(auth.sessionId, () => auth.token, firstSeq));
  useEffect(() => {
    tracker.start();
    const leaveRecord = () =>
      leaveResumeRecord({
        token,
        sessionId: session.sessionId,
        secret: auth.secret,
        nextSeq: tracker.nextSeq,
      });
    const leave = () => {
      tracker.close();
      leaveRecord();
    };
    const visibility = () => (document.visibilityState === 'hidden' ? leaveRecord() : forgetResumeRecord());
    // Back from the browser's page cache: this page lives on.
    const back = (event: PageTransitionEvent) => {
      if (event.persisted) forgetResumeRecord();
    };
    window.addEventListener('pagehide', leave);
    window.addEventListener('pageshow', back);
    document.addEventListener('visibilitychange', visibility);
    return () => {
      window.removeEventListener('pagehide', leave);
      window.removeEventListener('pageshow', back);
      document.removeEventListener('visibilitychange', visibility);
      tracker.finish(auth.refusedFor);
      void tracker.flush();
      tracker.stop();
    };
  }, [tracker, token, session, auth]);
  return tracker;
}
