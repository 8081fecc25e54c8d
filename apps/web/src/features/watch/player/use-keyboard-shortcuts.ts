import { type RefObject, useEffect } from 'react';
import { toggleFullscreen } from './fullscreen';

const clamp = (value: number, min: number, max: number) => Math.min(max, Math.max(min, value));

function isTyping(target: EventTarget | null) {
  if (!(target instanceof HTMLElement)) return false;
  // Our range sliders take the player's keys (seeking by 5 s, not by their own tiny step).
  if (target instanceof HTMLInputElement) return target.type !== 'range';
  return target.isContentEditable || /^(TEXTAREA|SELECT)$/.test(target.tagName);
}

/** What a key does to the video; undefined when the key means nothing to the player. */
export function shortcut(
  key: string,
  video: HTMLVideoElement,
  container: HTMLElement,
): (() => void) | undefined {
  const seekBy = (seconds: number) => () => {
    video.currentTime = clamp(video.currentTime + seconds, 0, video.duration || 0);
  };
  const volumeBy = (step: number) => () => {
    video.muted = false;
    video.volume = clamp(Math.round((video.volume + step) * 10) / 10, 0, 1);
  };
  switch (key) {
    case ' ':
    case 'k':
      return () => void (video.paused ? video.play().catch(() => undefined) : video.pause());
    case 'ArrowLeft':
      return seekBy(-5);
    case 'ArrowRight':
      return seekBy(5);
    case 'j':
      return seekBy(-10);
    case 'l':
      return seekBy(10);
    case 'ArrowUp':
      return volumeBy(0.1);
    case 'ArrowDown':
      return volumeBy(-0.1);
    case 'm':
      return () => {
        video.muted = !video.muted;
      };
    case 'f':
      return () => toggleFullscreen(container);
    case 'Home':
      return () => {
        video.currentTime = 0;
      };
    default:
      if (/^[0-9]$/.test(key)) {
        return () => {
          video.currentTime = ((video.duration || 0) * Number(key)) / 10;
        };
      }
      return undefined;
  }
}

/**
 * The usual player keys, anywhere on the page: space or k (play/pause), arrows (5 s, volume), j/l (10 s),
 * m (mute), f (fullscreen), 0–9 (jump to a tenth of the film).
 */
export function useKeyboardShortcuts(
  videoRef: RefObject<HTMLVideoElement | null>,
  containerRef: RefObject<HTMLElement | null>,
) {
  useEffect(() => {
    const onKey = (event: KeyboardEvent) => {
      const video = videoRef.current;
      const container = containerRef.current;
      if (!video || !container || event.ctrlKey || event.metaKey || event.altKey || isTyping(event.target))
        return;
      // A focused button handles its own space and enter.
      if (event.key === ' ' && event.target instanceof HTMLButtonElement) return;
      const action = shortcut(event.key, video, container);
      if (!action) return;
      event.preventDefault();
      action();
    };
    document.addEventListener('keydown', onKey);
    return () => document.removeEventListener('keydown', onKey);
  }, [videoRef, containerRef]);
}
