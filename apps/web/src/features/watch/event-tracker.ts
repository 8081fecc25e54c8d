import type { WatchEvent } from '@screenroom/shared/schemas/watch';
import { MAX_EVENTS_PER_BATCH, type WatchEventType } from '@screenroom/shared/watch-events';
import { beaconEvents, sendEvents } from './api';

const FLUSH_MS = 5000;
const PROGRESS_MS = 5000;
const MAX_QUEUE = 1000;

/**
 * What the viewer does, numbered and batched to the server every 5 seconds (a failed batch is sent again;
 * the server ignores numbers it already has). It also keeps the stretch of film being played, so
 * `progress`, `pause`, `seek` and `ended` report exactly what was watched.
 */
export class EventTracker {
  private seq: number;
  private queue: WatchEvent[] = [];
  private inFlight = false;
  /** A flush was asked for while a batch was on its way: it follows that batch. */
  private flushAfter = false;
  private stretchStart: number | null = null;
  private timers: number[] = [];

  /** Where the film is; the player sets it once it exists. */
  position: () => number = () => 0;

  /** `firstSeq`: past the numbers a page before sent for the same session (a reload that resumed it). */
  constructor(
    private readonly sessionId: string,
    private readonly token: () => string,
    firstSeq = 0,
  ) {
    this.seq = firstSeq;
  }

  /** The number the next event will carry. */
  get nextSeq() {
    return this.seq;
  }

  start() {
    this.timers.push(window.setInterval(() => void this.flush(), FLUSH_MS));
    this.timers.push(window.setInterval(() => this.progress(), PROGRESS_MS));
  }

  push(type: WatchEventType, data?: Record<string, unknown>, position = this.position()) {
    if (this.queue.length >= MAX_QUEUE) this.queue.shift();
    this.queue.push({
      seq: this.seq++,
      type,
      at: Date.now(),
      position: Math.max(0, position),
      ...(data ? { data } : {}),
    });
  }

  /** The film started playing at `position`. */
  playing(position: number) {
    this.stretchStart = position;
    this.push('play', undefined, position);
  }

  /** Every 5 s of playback: what was played since the last report. */
  private progress() {
    if (this.stretchStart === null) return;
    const now = this.position();
    if (now > this.stretchStart) {
      this.push('progress', { from: this.stretchStart }, now);
      this.stretchStart = now;
    }
  }

  paused(position: number) {
    this.push('pause', this.stretchStart !== null ? { from: this.stretchStart } : undefined, position);
    this.stretchStart = null;
  }

  /** A jump from `from` to `to`; playback (if any) goes on from `to`. */
  seeked(from: number, to: number, playing: boolean) {
    this.push('seek', { ...(this.stretchStart !== null ? { from: this.stretchStart } : {}), at: from }, to);
    this.stretchStart = playing ? to : null;
  }

  ended(position: number) {
    this.push('ended', this.stretchStart !== null ? { from: this.stretchStart } : undefined, position);
    this.stretchStart = null;
  }

  /**
   * Sends the next batch. Asked for while one is on its way, it goes once that one is answered: the
   * player's last flush (the closing report when the session is refused) has no next timer to wait for.
   */
  async flush() {
    if (this.queue.length === 0) return;
    if (this.inFlight) {
      this.flushAfter = true;
      return;
    }
    this.inFlight = true;
    const batch = this.queue.slice(0, MAX_EVENTS_PER_BATCH);
    try {
      await sendEvents(this.sessionId, this.token(), batch);
      this.drop(batch);
    } catch {
      // Kept: sent again at the next flush.
    } finally {
      this.inFlight = false;
    }
    if (this.flushAfter) {
      this.flushAfter = false;
      await this.flush();
    }
  }

  /** Takes sent events out of the queue by their numbers (a goodbye may have sent others meanwhile). */
  private drop(sent: WatchEvent[]) {
    const seqs = new Set(sent.map((e) => e.seq));
    this.queue = this.queue.filter((e) => !seqs.has(e.seq));
  }

  /**
   * The player is going away with the page still open (a refusal replaced it: the link was revoked or
   * ended): the stretch played since the last report counts too, sent with the next flush. A refusal
   * is said as such (`stopped`), so the replay does not read it as the viewer's own pause.
   */
  finish(refusal?: string | null) {
    if (this.stretchStart === null && !refusal) return;
    const from = this.stretchStart !== null ? { from: this.stretchStart } : {};
    this.push('pause', refusal ? { ...from, stopped: refusal } : from, this.position());
    this.stretchStart = null;
  }

  /**
   * The page is going away: report the played stretch and say goodbye, in as many beacons as the queue
   * needs (it grows while the network is down) and the browser takes. The newest go first, so the
   * goodbye itself is never what the browser's allowance leaves out; what it refuses is kept.
   */
  close() {
    this.finish();
    this.push('unload');
    while (this.queue.length > 0) {
      const batch = this.queue.slice(-MAX_EVENTS_PER_BATCH);
      if (!beaconEvents(this.sessionId, this.token(), batch)) break;
      this.drop(batch);
    }
  }

  stop() {
    for (const timer of this.timers) window.clearInterval(timer);
    this.timers = [];
  }
}
