import { ACCESS_REFUSALS } from '@screenroom/shared/access-refusals';
import { heartbeat, Refusal, UNREACHABLE } from './api';

/** Refusals that end the session for good (all but "still processing"): the page says why. */
const FINAL = new Set<string>([...ACCESS_REFUSALS.filter((r) => r !== 'processing'), 'expired']);

/**
 * Keeps the session's playback token fresh: a heartbeat every `seconds` (and at once when the tab comes
 * back, since a hidden tab's timers are throttled, or the network does). A refusal ends the session
 * through `onRefused`; a network hiccup is retried at the next beat, and says the connection is lost
 * (`connected`) until a beat gets through, so the player can tell the viewer why the film waits.
 */
export class PlaybackAuth {
  private timer: number | undefined;
  private stopped = false;
  /** Why the server ended the session (revoked, ended, …), once it did. */
  refusedFor: string | null = null;
  /** Whether the server can be reached: the browser is online and the last heartbeat got an answer. */
  private reached = true;
  private readonly listeners = new Set<() => void>();

  constructor(
    readonly sessionId: string,
    /** Renews the token; also what a reloaded page names to go on with this session. */
    readonly secret: string,
    private playbackToken: string,
    private readonly seconds: number,
    private readonly onRefused: (refusal: Refusal) => void,
  ) {}

  get token() {
    return this.playbackToken;
  }

  get connected() {
    return this.reached && navigator.onLine !== false;
  }

  /** Calls `listener` when `connected` may have changed; answers the unsubscribe. */
  subscribe(listener: () => void) {
    this.listeners.add(listener);
    return () => {
      this.listeners.delete(listener);
    };
  }

  start() {
    this.timer = window.setInterval(() => void this.beat(), this.seconds * 1000);
    document.addEventListener('visibilitychange', this.onVisible);
    window.addEventListener('online', this.onOnline);
    window.addEventListener('offline', this.notify);
  }

  stop() {
    this.stopped = true;
    window.clearInterval(this.timer);
    document.removeEventListener('visibilitychange', this.onVisible);
    window.removeEventListener('online', this.onOnline);
    window.removeEventListener('offline', this.notify);
  }

  private notify = () => {
    for (const listener of this.listeners) listener();
  };

  private setReached(reached: boolean) {
    if (this.reached === reached) return;
    this.reached = reached;
    this.notify();
  }

  private onVisible = () => {
    if (document.visibilityState === 'visible') void this.beat();
  };

  /** Back online: a fresh token at once (the one held may have lapsed meanwhile). */
  private onOnline = () => {
    this.notify();
    void this.beat();
  };

  async beat() {
    if (this.stopped) return;
    try {
      const renewed = await heartbeat(this.sessionId, this.secret);
      this.playbackToken = renewed.playbackToken;
      this.setReached(true);
    } catch (error) {
      if (this.stopped || !(error instanceof Refusal)) return;
      // Any answer, even a refusal, means the server was reached.
      this.setReached(error.message !== UNREACHABLE);
      if (!FINAL.has(error.reason)) return;
      this.stop();
      this.refusedFor = error.reason;
      this.onRefused(error);
    }
  }
}
