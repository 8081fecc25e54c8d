import { SESSION_IDLE_MS } from '@screenroom/shared/watch-events';

/**
 * The silence, in seconds, that a batch of the viewer's events breaks: every gap of SESSION_IDLE_MS or
 * more between the session's last sign of life and the events' times, taken in order. A page silent
 * that long had ended its session (DOMAIN.md: a laptop asleep, the network lost); when it comes back,
 * the session goes on (a one-viewing link is not spent again) but the silence is not time spent.
 *
 * Event times come from the viewer's clock, believed up to `now` (ours): a clock running ahead must not
 * make a silence that never was. Times at or before the last sign of life (reports queued before the
 * silence) break nothing. The heartbeat's twin of this rule is `seenAgain` (watch.repository.ts).
 */
export function silenceBroken(lastSeenMs: number, eventTimesMs: readonly number[], nowMs: number) {
  let seen = lastSeenMs;
  let silent = 0;
  for (const at of eventTimesMs.map((t) => Math.min(t, nowMs)).sort((a, b) => a - b)) {
    if (at <= seen) continue;
    if (at - seen >= SESSION_IDLE_MS) silent += at - seen;
    seen = at;
  }
  return silent / 1000;
}
