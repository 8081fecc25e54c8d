import { LINK_NOT_FOUND_MESSAGE } from '@screenroom/shared/access-refusals';
import type { OpenSessionResponse } from '@screenroom/shared/schemas/watch';
import { useEffect, useState } from 'react';
import { openAnonymousLink, openSession, Refusal } from './api';
import { deviceId } from './device-id';
import { PlaybackAuth } from './playback-auth';
import { forgetResumeRecord, resumeRecordFor } from './resume-record';
import type { WatchRoute } from './watch-route';

/** An open session, the link's token, and the first number of this page's events. */
export type Opened = { session: OpenSessionResponse; token: string; firstSeq: number };

export type WatchState =
  | { kind: 'opening' }
  | { kind: 'refused'; refusal: Refusal }
  | ({ kind: 'watching'; auth: PlaybackAuth } & Opened);

/** A tracking link's token; an anonymous link first becomes this device's own tracking link. */
async function resolveToken(route: WatchRoute) {
  if (route.kind === 'link') return route.token;
  if (route.kind === 'none') throw new Refusal('not_found', LINK_NOT_FOUND_MESSAGE);
  const { token } = await openAnonymousLink(route.code, deviceId());
  // A reload continues as this viewer's link rather than asking again.
  window.history.replaceState(null, '', `/watch/${encodeURIComponent(token)}`);
  return token;
}

/** Opens the link's session, going on with the one this tab had when the page before left a record. */
async function openLink(route: WatchRoute): Promise<Opened> {
  const token = await resolveToken(route);
  const record = resumeRecordFor(token);
  try {
    const session = await openSession(
      token,
      record && { sessionId: record.sessionId, secret: record.secret, nextSeq: record.nextSeq },
    );
    forgetResumeRecord();
    return { session, token, firstSeq: session.firstSeq };
  } catch (error) {
    // Kept for "Try again" when the server could not be reached; an answer settles it either way.
    if (!(error instanceof Refusal && error.reason === 'error')) forgetResumeRecord();
    throw error;
  }
}

/**
 * One opening per link and attempt, even when React runs an effect twice (development's strict mode).
 * The page starts the first one before React renders, so the session is on its way at once.
 */
const openings = new Map<string, Promise<Opened>>();
export function openOnce(route: WatchRoute, attempt: number) {
  const key = `${JSON.stringify(route)}#${attempt}`;
  let opening = openings.get(key);
  if (!opening) {
    opening = openLink(route);
    // Handled where it is awaited; this only keeps an early start from being reported as unhandled.
    opening.catch(() => undefined);
    openings.set(key, opening);
  }
  return opening;
}

/** Opens a viewing session for the link in the address and keeps it alive until it is refused. */
export function useWatchSession(route: WatchRoute, attempt: number): WatchState {
  const [state, setState] = useState<WatchState>({ kind: 'opening' });

  useEffect(() => {
    let cancelled = false;
    let auth: PlaybackAuth | undefined;
    setState({ kind: 'opening' });
    (async () => {
      try {
        const opened = await openOnce(route, attempt);
        if (cancelled) return;
        const { session } = opened;
        auth = new PlaybackAuth(
          session.sessionId,
          session.sessionSecret,
          session.playbackToken,
          session.heartbeatSeconds,
          (refusal) => setState({ kind: 'refused', refusal }),
        );
        auth.start();
        setState({ kind: 'watching', auth, ...opened });
      } catch (error) {
        if (cancelled) return;
        const refusal = error instanceof Refusal ? error : new Refusal('error', 'Something went wrong.');
        setState({ kind: 'refused', refusal });
      }
    })();
    return () => {
      cancelled = true;
      auth?.stop();
    };
  }, [route, attempt]);

  return state;
}
