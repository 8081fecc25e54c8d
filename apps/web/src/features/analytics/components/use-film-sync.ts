import { useEffect, useState } from 'react';
import { syncAction, type ViewerState } from '../replay-clock';

/** Counts the moments a player becomes able to seek and play (its source loaded, or reloaded). */
function useReadyCount(video: HTMLVideoElement | null) {
  const [count, setCount] = useState(0);
  useEffect(() => {
    if (!video) return;
    const bump = () => setCount((n) => n + 1);
    video.addEventListener('loadedmetadata', bump);
    video.addEventListener('canplay', bump);
    return () => {
      video.removeEventListener('loadedmetadata', bump);
      video.removeEventListener('canplay', bump);
    };
  }, [video]);
  return count;
}

/**
 * Makes the presenter's player follow the viewer: jumps where they seeked, plays where they played,
 * pauses where they paused. Checked at every tick of the replay clock and again whenever the player
 * becomes ready (a jump asked for before the stream loaded is made once it has). A play the browser
 * refuses with sound (no gesture yet) is tried again muted.
 */
export function useFilmSync(
  video: HTMLVideoElement | null,
  viewer: ViewerState,
  clockMs: number,
  speed: number,
  replaying: boolean,
  enabled: boolean,
) {
  const ready = useReadyCount(video);
  const { position, playing, rate } = viewer;
  // biome-ignore lint/correctness/useExhaustiveDependencies: the clock and readiness are triggers, not inputs
  useEffect(() => {
    if (!enabled || !video) return;
    const action = syncAction({ position, playing, rate }, video, speed, replaying);
    if (video.playbackRate !== action.playbackRate) video.playbackRate = action.playbackRate;
    if (action.seekTo !== null) video.currentTime = action.seekTo;
    if (action.play)
      video.play().catch((error: Error) => {
        if (error.name !== 'NotAllowedError') return; // e.g. a pause came first
        video.muted = true;
        video.play().catch(() => undefined);
      });
    if (action.pause) video.pause();
  }, [video, position, playing, rate, speed, replaying, enabled, clockMs, ready]);
}
