/** Fatal errors in a row the player recovers from before it gives up and says the film stopped loading. */
export const MAX_RECOVERIES = 4;
/** Seconds of film played normally after which the errors before are forgotten. */
export const HEALTHY_PLAY_SECONDS = 30;

/**
 * How many more fatal errors the player may recover from. A few errors spread over a long film (a
 * tunnel, a laptop asleep) each recover; counting them for the whole film ended playback at the next
 * one, however long ago the others were. Once the film has played on for a while, the count starts
 * again. Played means the film's time moving forward as it plays: a seek is not playing.
 */
export class RecoveryBudget {
  private used = 0;
  private playedSinceError = 0;
  private lastTime: number | null = null;

  constructor(
    private readonly max = MAX_RECOVERIES,
    private readonly healthySeconds = HEALTHY_PLAY_SECONDS,
  ) {}

  /** A fatal error: true to try to recover from it, false when too many came too close together. */
  spend() {
    this.playedSinceError = 0;
    this.lastTime = null;
    if (this.used >= this.max) return false;
    this.used += 1;
    return true;
  }

  /** The film's time now (each `timeupdate`). */
  played(currentTime: number) {
    if (this.lastTime !== null && currentTime > this.lastTime)
      this.playedSinceError += currentTime - this.lastTime;
    this.lastTime = currentTime;
    if (this.playedSinceError >= this.healthySeconds) this.used = 0;
  }

  /** The viewer moved to another time (`seeking`): the jump is not film played. */
  jumped() {
    this.lastTime = null;
  }
}
