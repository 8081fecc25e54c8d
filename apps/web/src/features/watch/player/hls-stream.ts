import type { OpenSessionResponse } from '@screenroom/shared/schemas/watch';
import Hls, { type ErrorData } from 'hls.js/light';
import { masterUrl } from '../api';
import { withToken } from '../token-url';
import { playsInVimeo } from './player-choice';

/** The playback token each request of the stream carries; the player points it at the session's renewals. */
type TokenSource = { current: () => string };

type EarlyStream = { sessionId: string; hls: Hls; token: TokenSource; failure?: ErrorData };

let early: EarlyStream | undefined;

const playsHere = (session: OpenSessionResponse) => !playsInVimeo(session.video) && Hls.isSupported();

function createStream(session: OpenSessionResponse, token: TokenSource, prefetch: boolean) {
  const hls = new Hls({
    startPosition: session.resumeAt ?? -1,
    // Before the player attaches its <video>, fetch the first segment anyway: it is needed first.
    startFragPrefetch: prefetch,
    xhrSetup: (xhr, url) => xhr.open('GET', withToken(url, token.current()), true),
  });
  hls.loadSource(masterUrl(session.sessionId, token.current()));
  return hls;
}

/**
 * Starts loading the film (playlists, key, first segment) the moment the session is open, while React
 * is still rendering the page; the player then adopts this stream instead of starting its own.
 */
export function startEarlyStream(session: OpenSessionResponse) {
  if (early || !playsHere(session)) return;
  const token = { current: () => session.playbackToken };
  const stream: EarlyStream = {
    sessionId: session.sessionId,
    token,
    hls: createStream(session, token, true),
  };
  // A fatal error before the player takes over would go unseen: the player starts afresh instead.
  stream.hls.on(Hls.Events.ERROR, (_event, data) => {
    if (data.fatal) stream.failure ??= data;
  });
  early = stream;
}

/**
 * The stream started early for this session if there is a healthy one, else a new one; the fatal error
 * that ended an early stream is handed to `onEarlyFailure` (it happened before the player listened).
 */
export function adoptStream(
  session: OpenSessionResponse,
  token: () => string,
  onEarlyFailure: (error: ErrorData) => void,
): Hls {
  const stream = early;
  early = undefined;
  const mine = stream?.sessionId === session.sessionId;
  if (mine && !stream.failure) {
    stream.token.current = token;
    return stream.hls;
  }
  if (mine && stream?.failure) onEarlyFailure(stream.failure);
  stream?.hls.destroy();
  return createStream(session, { current: token }, false);
}
