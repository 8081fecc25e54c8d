import type { AccessRefusal } from '@screenroom/shared/access-refusals';
import type { RefusedFilm } from '@screenroom/shared/errors';
import type { OpenSessionResponse, ResumeRequest, WatchEvent } from '@screenroom/shared/schemas/watch';
import { API_BASE } from '../../lib/api-client';
import { getToken } from '../../lib/auth-token';

/** A refusal of the viewer API: its reason picks the page the viewer sees. */
export class Refusal extends Error {
  constructor(
    readonly reason: AccessRefusal | 'expired' | 'error',
    message: string,
    /** The film the link is for, when the server says (the link exists). */
    readonly film?: RefusedFilm,
    /** When an ended link ended (ISO 8601). */
    readonly endsAt?: string,
  ) {
    super(message);
  }
}

const send = (path: string, body: unknown, headers: Record<string, string> = {}) =>
  fetch(`${API_BASE}${path}`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', ...headers },
    body: JSON.stringify(body),
  });

/** A presenter signed in on this browser: the server opens their own preview link for them only. */
const presenterHeaders = (): Record<string, string> => {
  const token = getToken();
  return token ? { authorization: `Bearer ${token}` } : {};
};

/** A request that got no answer at all (offline, the server down): a Refusal with this message. */
export const UNREACHABLE = 'The server cannot be reached. Check your connection and try again.';

/** The answer's JSON, or a Refusal that says why in the viewer's words. */
async function read<T>(sent: Promise<Response>): Promise<T> {
  let response: Response;
  try {
    response = await sent;
  } catch {
    throw new Refusal('error', UNREACHABLE);
  }
  const data = (await response.json().catch(() => ({}))) as T & {
    message?: string;
    reason?: AccessRefusal;
    film?: RefusedFilm;
    ends_at?: string;
  };
  if (!response.ok) {
    const reason = data.reason ?? (response.status === 401 ? 'expired' : 'error');
    throw new Refusal(reason, data.message ?? 'Something went wrong.', data.film, data.ends_at);
  }
  return data;
}

const post = <T>(path: string, body: unknown) => read<T>(send(path, body));

type EarlyOpening = { token: string; response: Promise<Response> };

/** The session request public/watch-boot.js sent before this code loaded, once, for this very token. */
function takeEarlyOpening(token: string) {
  // The build leaves the script out when the API is elsewhere; this holds even if that ever slips.
  if (API_BASE !== '/v1') return undefined;
  const holder = window as { screenroomOpening?: EarlyOpening };
  const early = holder.screenroomOpening;
  if (early?.token !== token) return undefined;
  holder.screenroomOpening = undefined;
  return early.response;
}

/** `resume` names the session this tab had open on the link (a reload): it goes on if it may. */
export const openSession = (token: string, resume?: ResumeRequest) =>
  read<OpenSessionResponse>(
    takeEarlyOpening(token) ??
      send(
        `/watch/links/${encodeURIComponent(token)}/sessions`,
        resume ? { resume } : {},
        presenterHeaders(),
      ),
  );

export const openAnonymousLink = (code: string, deviceId: string) =>
  post<{ token: string }>('/videos/createScreenerUsingMagicCode', { code, deviceId });

export const heartbeat = (sessionId: string, secret: string) =>
  post<{ playbackToken: string; expiresIn: number }>(`/watch/sessions/${sessionId}/heartbeat`, { secret });

export const eventsUrl = (sessionId: string, token: string) =>
  `${API_BASE}/watch/sessions/${sessionId}/events?token=${encodeURIComponent(token)}`;

/**
 * Answers that sending the batch again cannot change: malformed, the link stopped (403, 410), the session
 * gone (404). The tracker lets such a batch go rather than send it every 5 s for good, ahead of the
 * closing report the server still takes.
 */
const FINAL_REFUSALS = new Set([400, 403, 404, 410]);

/**
 * A batch's body, with the page's clock as it goes out (not as its events were queued): the server
 * measures how far that clock is off its own, and reads the events' times in its own clock.
 */
const eventsBody = (events: WatchEvent[]) => JSON.stringify({ events, sentAt: Date.now() });

export async function sendEvents(sessionId: string, token: string, events: WatchEvent[]) {
  const response = await fetch(eventsUrl(sessionId, token), {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: eventsBody(events),
    keepalive: true,
  });
  if (!response.ok && !FINAL_REFUSALS.has(response.status)) throw new Error(`events: ${response.status}`);
}

/** The last batch, as the page goes away: a beacon survives the page (text/plain needs no preflight). */
export function beaconEvents(sessionId: string, token: string, events: WatchEvent[]) {
  const body = new Blob([eventsBody(events)], { type: 'text/plain' });
  return navigator.sendBeacon?.(eventsUrl(sessionId, token), body) ?? false;
}

export const masterUrl = (sessionId: string, token: string) =>
  `${API_BASE}/watch/sessions/${sessionId}/master.m3u8?token=${encodeURIComponent(token)}`;

/**
 * A subtitle track's WebVTT. The playback token goes in the Authorization header, never in the address:
 * it is the freshest one at the time of the call (the heartbeat renews it).
 */
export async function fetchSubtitles(sessionId: string, subtitleId: string, token: string) {
  const response = await fetch(
    `${API_BASE}/watch/sessions/${encodeURIComponent(sessionId)}/subtitles/${encodeURIComponent(subtitleId)}`,
    { headers: { authorization: `Bearer ${token}` } },
  );
  if (!response.ok) throw new Error(`subtitles: ${response.status}`);
  return response.text();
}
