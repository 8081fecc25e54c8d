import { useEffect, useRef, useState } from 'react';
import { advanceClock } from '../replay-clock';

const TICK_MS = 50;

/**
 * The replay's clock (milliseconds into the session): runs while `running`, `speed` times real time,
 * and calls `onEnd` once when it reaches the end.
 */
export function useReplayClock(durationMs: number, speed: number, running: boolean, onEnd: () => void) {
  const [clockMs, setClockMs] = useState(0);
  const endRef = useRef(onEnd);
  endRef.current = onEnd;

  useEffect(() => {
    if (!running) return;
    let last = performance.now();
    const timer = window.setInterval(() => {
      const now = performance.now();
      setClockMs((clock) => advanceClock(clock, now - last, speed, durationMs));
      last = now;
    }, TICK_MS);
    return () => window.clearInterval(timer);
  }, [running, speed, durationMs]);

  const ended = running && clockMs >= durationMs;
  useEffect(() => {
    if (ended) endRef.current();
  }, [ended]);

  return [clockMs, setClockMs] as const;
}
