import type { EventTracker } from '../event-tracker';
import { FILL_WINDOW_CHANGE, inFullscreen } from './fullscreen';
import { volumeReporter } from './volume-report';

/**
 * Reports what happens to the video element: played stretches (play, progress, pause, seek, ended),
 * buffering with its length, volume, speed and fullscreen. Returns the function that stops listening.
 */
export function trackMedia(video: HTMLVideoElement, container: HTMLElement, tracker: EventTracker) {
  let lastTime = video.currentTime;
  let inStretch = false;
  let waitingSince: number | null = null;
  const volume = volumeReporter(tracker);
  tracker.position = () => video.currentTime;

  const handlers: Record<string, () => void> = {
    timeupdate: () => {
      if (!video.seeking) lastTime = video.currentTime;
    },
    playing: () => {
      if (waitingSince !== null) {
        tracker.push('buffering', { ms: Math.round(performance.now() - waitingSince) });
        waitingSince = null;
      }
      if (!inStretch) {
        inStretch = true;
        tracker.playing(video.currentTime);
      }
    },
    pause: () => {
      // At the end, `ended` reports the last stretch.
      if (video.ended || !inStretch) return;
      inStretch = false;
      tracker.paused(video.currentTime);
    },
    seeking: () => {
      const to = video.currentTime;
      if (Math.abs(to - lastTime) < 0.5) return;
      tracker.seeked(lastTime, to, inStretch && !video.paused);
      if (video.paused) inStretch = false;
      lastTime = to;
    },
    waiting: () => {
      if (waitingSince === null && !video.seeking) waitingSince = performance.now();
    },
    ended: () => {
      inStretch = false;
      tracker.ended(video.currentTime);
    },
    volumechange: () => volume.changed(() => ({ volume: video.volume, muted: video.muted })),
    ratechange: () => tracker.push('rate', { rate: video.playbackRate }),
  };
  const onFullscreen = () => tracker.push('fullscreen', { on: inFullscreen(container) });

  for (const [name, handler] of Object.entries(handlers)) video.addEventListener(name, handler);
  document.addEventListener('fullscreenchange', onFullscreen);
  container.addEventListener(FILL_WINDOW_CHANGE, onFullscreen);
  return () => {
    volume.stop();
    for (const [name, handler] of Object.entries(handlers)) video.removeEventListener(name, handler);
    document.removeEventListener('fullscreenchange', onFullscreen);
    container.removeEventListener(FILL_WINDOW_CHANGE, onFullscreen);
  };
}
