/**
 * How the "Connect with Vimeo" popup tells the page that opened it how linking went. Both a
 * BroadcastChannel and `window.opener.postMessage` (same origin only): once the popup has been through
 * vimeo.com, Cross-Origin-Opener-Policy may have cut `window.opener`, but the channel still reaches every
 * Screenroom tab of this browser.
 */
export const VIMEO_LINKING_CHANNEL = 'screenroom:vimeo-linking';

export type VimeoLinkingResult =
  | { type: typeof VIMEO_LINKING_CHANNEL; ok: true; accountName: string }
  | { type: typeof VIMEO_LINKING_CHANNEL; ok: false; message: string };

type Outcome = { ok: true; accountName: string } | { ok: false; message: string };

export function announceLinkingResult(outcome: Outcome) {
  const message = { type: VIMEO_LINKING_CHANNEL, ...outcome } as VimeoLinkingResult;
  try {
    const channel = new BroadcastChannel(VIMEO_LINKING_CHANNEL);
    channel.postMessage(message);
    channel.close();
  } catch {
    // No BroadcastChannel: the opener message below is the only way.
  }
  try {
    window.opener?.postMessage(message, window.location.origin);
  } catch {
    // The opener is gone or cut off.
  }
}

const isResult = (data: unknown): data is VimeoLinkingResult =>
  typeof data === 'object' && data !== null && (data as { type?: unknown }).type === VIMEO_LINKING_CHANNEL;

/** Calls `onResult` once per popup outcome, from whichever way it arrives first. Returns an unsubscribe. */
export function listenForLinkingResult(onResult: (result: VimeoLinkingResult) => void) {
  let last: { at: number; key: string } | null = null;
  const deliver = (data: unknown) => {
    if (!isResult(data)) return;
    const key = JSON.stringify(data);
    // The same outcome arrives twice (channel and opener message): keep one.
    if (last && last.key === key && Date.now() - last.at < 2000) return;
    last = { at: Date.now(), key };
    onResult(data);
  };
  const onMessage = (event: MessageEvent) => {
    if (event.origin === window.location.origin) deliver(event.data);
  };
  window.addEventListener('message', onMessage);
  let channel: BroadcastChannel | null = null;
  try {
    channel = new BroadcastChannel(VIMEO_LINKING_CHANNEL);
    channel.onmessage = (event) => deliver(event.data);
  } catch {
    channel = null;
  }
  return () => {
    window.removeEventListener('message', onMessage);
    channel?.close();
  };
}
