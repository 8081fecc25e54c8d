import type { EventTracker } from '../event-tracker';

type Heard = { volume: number; muted: boolean };

/** How long the volume must stay put before it is reported: a slider dragged reports only where it ends. */
const QUIET_MS = 400;

/**
 * Reports the volume once it has stayed put for QUIET_MS: the last level, and whether it is muted.
 * `changed` is told of every change, with how to read the volume then (Vimeo's player answers later).
 */
export function volumeReporter(tracker: EventTracker) {
  let timer: number | undefined;
  const report = ({ volume, muted }: Heard) =>
    tracker.push('volume', { volume: Math.round(volume * 100) / 100, muted });
  return {
    changed(read: () => Heard | Promise<Heard>) {
      window.clearTimeout(timer);
      timer = window.setTimeout(() => {
        const heard = read();
        if (heard instanceof Promise) heard.then(report, () => undefined);
        else report(heard);
      }, QUIET_MS);
    },
    stop: () => window.clearTimeout(timer),
  };
}
