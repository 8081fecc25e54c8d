import { SESSION_IDLE_MS } from '@screenroom/shared/watch-events';

/** How far off ours (ahead, or behind when the page says so) a viewer's clock may be believed to run. */
const CLOCK_OFFSET_BELIEVED_MS = 5 * 60_000;
/** A batch's time on the way: a page whose clock is right looks this much behind, and is read as right. */
const NETWORK_DELAY_ALLOWED_MS = 1000;

/**
 * How far the page's clock is ahead of ours (negative: behind), from its reading as it sent a batch
 * (`sentAt`) and ours as the batch arrived: measured at the door, kept with the batch (a journal
 * replayed later reads it as it was), and bounded, so a wrong or far-off reading moves its events
 * five minutes at most.
 */
export function clockOffsetAtArrival(sentAtMs: number, arrivedMs: number) {
  const offset = sentAtMs - arrivedMs;
  if (Math.abs(offset) < NETWORK_DELAY_ALLOWED_MS) return 0;
  return Math.max(-CLOCK_OFFSET_BELIEVED_MS, Math.min(CLOCK_OFFSET_BELIEVED_MS, offset));
}

/** A silence counted in a session's `silent_seconds`: from its last sign of life to the one that broke it. */
export type Silence = { from: number; to: number };

/**
 * What a session knows of its silences (ms of our clock): its last sign of life, the latest silence it
 * counted that the page's own events may still give back, and how far ahead of ours its page's clock
 * was seen to run.
 */
export type SilenceState = { lastSeenMs: number; latest: Silence | null; clockAheadMs: number };

/**
 * What a batch of the viewer's events changes in its session's silences. A page silent for
 * SESSION_IDLE_MS or more had ended its session (DOMAIN.md: a laptop asleep, the network lost); when it
 * comes back the session goes on (a one-viewing link is not spent again), but the silence is not time
 * spent. Two ways:
 *
 * - Every gap of SESSION_IDLE_MS or more between the last sign of life and the events' times, taken in
 *   order, is a silence: `seconds` grows by it, and it becomes the latest.
 * - A page offline keeps playing its buffer and sends its reports, with their times, once the network
 *   is back: most often just after its first heartbeat, which counted the whole gap (`seenAgain`,
 *   watch.repository.ts). Events inside the latest silence show the page was there: only the stretches
 *   of SESSION_IDLE_MS or more between them stay silent, and `seconds` gives the rest back (negative).
 *   Reports queued before a sleep fall before it and give nothing back.
 *
 * Event times come from the viewer's clock, read in ours: less the offset measured as the batch arrived
 * (`measuredOffsetMs`, clockOffsetAtArrival: ahead or behind), or, for a page that does not send its
 * clock, less the lead it has shown (its newest report ahead of our clock, in this batch or an earlier
 * one); never past `now`. So a clock running ahead neither makes a silence that never was nor
 * stretches a sleeping page's last reports over its sleep, nor moves the session's last sign of life
 * (`lastSeenMs`) past ours, which would shorten the next silence by its lead; and one running behind,
 * when measured, does not read the reports it wrote after a silence as inside it.
 */
export function silencesAfterEvents(
  state: SilenceState,
  eventTimesMs: readonly number[],
  nowMs: number,
  /**
   * The batch comes before reports the session already has (a closing page's beacons carry the newest
   * first): what is still to come of the silence is before it, not after.
   */
  olderThanSeen = false,
  /** The page's clock less ours as the batch arrived, when the page sent its clock with it. */
  measuredOffsetMs?: number,
) {
  const newest = Math.max(...eventTimesMs);
  const offsetMs =
    measuredOffsetMs ?? Math.min(CLOCK_OFFSET_BELIEVED_MS, Math.max(state.clockAheadMs, newest - nowMs, 0));
  // The lead kept for batches without the page's clock: a measured one replaces the one learnt.
  const clockAheadMs = Math.max(0, offsetMs);
  const times = eventTimesMs.map((t) => Math.min(t - offsetMs, nowMs)).sort((a, b) => a - b);
  let silentMs = 0;
  let latest = state.latest;
  if (latest) {
    const { from, to } = latest;
    const inside = times.filter((t) => t > from && t < to);
    if (inside.length > 0) {
      const bounds = [from, ...inside, to];
      const kept = bounds
        .slice(1)
        .map((end, i): Silence => ({ from: bounds[i]!, to: end }))
        .filter((piece) => piece.to - piece.from >= SESSION_IDLE_MS);
      silentMs -= to - from - kept.reduce((sum, piece) => sum + (piece.to - piece.from), 0);
      // Only one stretch is kept for reports still to come: the one on their side of this batch.
      latest = (olderThanSeen ? kept[0] : kept.at(-1)) ?? null;
    }
  }
  let seen = state.lastSeenMs;
  for (const at of times) {
    if (at <= seen) continue;
    if (at - seen >= SESSION_IDLE_MS) {
      silentMs += at - seen;
      latest = { from: seen, to: at };
    }
    seen = at;
  }
  /* The session's last sign of life and the batch's newest report, both in our clock: a later silence
     is measured from the former, so it must not carry the page's lead. */
  return { seconds: silentMs / 1000, latest, clockAheadMs, lastSeenMs: seen, newestMs: times.at(-1)! };
}
