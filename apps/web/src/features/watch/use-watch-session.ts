import type { OpenSessionResponse } from '@screenroom/shared/schemas/watch';
import { useEffect, useState } from 'react';
import { openAnonymousLink, openSession, Refusal } from './api';
import { deviceId } from './device-id';
import { PlaybackAuth } from './playback-auth';
import type { WatchRoute } from './watch-route';

export type WatchState =
  | { kind: 'opening' }
  | { kind: 'refused'; refusal: Refusal }
  | { kind: 'watching'; session: OpenSessionResponse; auth: PlaybackAuth };

/** A tracking link's token; an anonymous link first becomes this device's own tracking link. */
async function resolveToken(route: WatchRoute) {
  if (route.kind === 'link') return route.token;
  if (route.kind === 'none')
    throw new Refusal('not_found', 'This link does not exist. Check that you copied all of it.');
  const { token } = await openAnonymousLink(route.code, deviceId());
  // A reload continues as this viewer's link rather than asking again.
  window.history.replaceState(null, '', `/watch/${encodeURIComponent(token)}`);
  return token;
}

/**
 * One opening per link and attempt, even when React runs an effect twice (development's strict mode).
 * The page starts the first one before React renders, so the session is on its way at once.
 */
const openings = new Map<string, Promise<OpenSessionResponse>>();
export function openOnce(route: WatchRoute, attempt: number) {
  const key = `${JSON.stringify(route)}#${attempt}`;
  let opening = openings.get(key);
  if (!opening) {
    opening = resolveToken(route).then(openSession);
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
        const session = await openOnce(route, attempt);
        if (cancelled) return;
        auth = new PlaybackAuth(
          session.sessionId,
          session.sessionSecret,
          session.playbackToken,
          session.heartbeatSeconds,
          (refusal) => setState({ kind: 'refused', refusal }),
        );
        auth.start();
        setState({ kind: 'watching', session, auth });
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
