import { useEffect } from 'react';
import { syncAction, type ViewerState } from '../replay-clock';

/**
 * Makes the presenter's player follow the viewer: jumps where they seeked, plays where they played,
 * pauses where they paused. A play the browser refuses with sound (no gesture yet) is tried again muted.
 */
export function useFilmSync(
  video: HTMLVideoElement | null,
  viewer: ViewerState,
  speed: number,
  replaying: boolean,
  enabled: boolean,
) {
  const { position, playing, rate } = viewer;
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
  }, [video, position, playing, rate, speed, replaying, enabled]);
}
