import { useRef } from 'react';

type Sample = { at: number; progress: number };

/**
 * Seconds of processing left at the pace seen since `first`, or null until there is enough of it to go
 * by (a couple of percent over a few seconds): an early guess from one jump of the bar misleads.
 */
export function secondsLeft(first: Sample, latest: Sample) {
  const done = latest.progress - first.progress;
  const took = (latest.at - first.at) / 1000;
  if (done < 2 || took < 5 || latest.progress >= 100) return null;
  return ((100 - latest.progress) * took) / done;
}

/**
 * How long the step the film is in (encoding, then encryption: each with a bar of its own) should still
 * take, from the progress seen on this page since it opened.
 */
export function useProcessingTimeLeft(step: string, progress: number, now = Date.now()) {
  const first = useRef<Sample & { step: string }>(null);
  if (!first.current || first.current.step !== step || progress < first.current.progress) {
    first.current = { step, at: now, progress };
  }
  return secondsLeft(first.current, { at: now, progress });
}
