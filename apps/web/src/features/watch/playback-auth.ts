import { ACCESS_REFUSALS } from '@screenroom/shared/access-refusals';
import { heartbeat, Refusal } from './api';

/** Refusals that end the session for good (all but "still processing"): the page says why. */
const FINAL = new Set<string>([...ACCESS_REFUSALS.filter((r) => r !== 'processing'), 'expired']);

/**
 * Keeps the session's playback token fresh: a heartbeat every `seconds` (and at once when the tab comes
 * back, since a hidden tab's timers are throttled). A refusal ends the session through `onRefused`;
 * a network hiccup is retried at the next beat.
 */
export class PlaybackAuth {
  private timer: number | undefined;
  private stopped = false;
  /** Why the server ended the session (revoked, ended, …), once it did. */
  refusedFor: string | null = null;

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

  start() {
    this.timer = window.setInterval(() => void this.beat(), this.seconds * 1000);
    document.addEventListener('visibilitychange', this.onVisible);
  }

  stop() {
    this.stopped = true;
    window.clearInterval(this.timer);
    document.removeEventListener('visibilitychange', this.onVisible);
  }

  private onVisible = () => {
    if (document.visibilityState === 'visible') void this.beat();
  };

  async beat() {
    if (this.stopped) return;
    try {
      const renewed = await heartbeat(this.sessionId, this.secret);
      this.playbackToken = renewed.playbackToken;
    } catch (error) {
      if (this.stopped || !(error instanceof Refusal) || !FINAL.has(error.reason)) return;
      this.stop();
      this.refusedFor = error.reason;
      this.onRefused(error);
    }
  }
}
