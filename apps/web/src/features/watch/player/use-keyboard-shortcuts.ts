import { type RefObject, useCallback, useEffect } from 'react';
import { toggleFullscreen } from './fullscreen';
import { setVolume, toggleMute } from './volume';

const clamp = (value: number, min: number, max: number) => Math.min(max, Math.max(min, value));

function isTyping(target: EventTarget | null) {
  if (!(target instanceof HTMLElement)) return false;
  if (target instanceof HTMLInputElement) return target.type !== 'range';
  return target.isContentEditable || /^(TEXTAREA|SELECT)$/.test(target.tagName);
}

/**
 * Keys a focused control keeps for itself: a button its space (the player's buttons take no focus from
 * a click, see PlayerControls, so this is one reached with Tab), and a slider other than the seek bar
 * (the volume) its arrows and Home/End. The seek bar takes the player's keys: 5 s a press rather than
 * its own tiny step.
 */
function ownedByControl(key: string, target: EventTarget | null) {
  // The speed and quality menu moves through its choices with the arrows (SettingsMenu).
  if (target instanceof Element && target.closest('[role="menu"]')) return true;
  if (target instanceof HTMLButtonElement) return key === ' ';
  if (
    target instanceof HTMLInputElement &&
    target.type === 'range' &&
    !target.classList.contains('watch-seek')
  )
    return /^(Arrow|Home$|End$|Page)/.test(key);
  return false;
}

/** A letter's shortcut is the same with Caps Lock or Shift ("C" is "c"); other keys keep their names. */
const letterKey = (key: string) => (/^[A-Z]$/.test(key) ? key.toLowerCase() : key);

/** What a key does to the video; undefined when the key means nothing to the player. */
export function shortcut(
  key: string,
  video: HTMLVideoElement,
  container: HTMLElement,
): (() => void) | undefined {
  const seekBy = (seconds: number) => () => {
    video.currentTime = clamp(video.currentTime + seconds, 0, video.duration || 0);
  };
  const volumeBy = (step: number) => () =>
    setVolume(video, clamp(Math.round((video.volume + step) * 10) / 10, 0, 1));
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
      return () => toggleMute(video);
    case 'f':
      return () => toggleFullscreen(container);
    case 'Home':
      return () => {
        video.currentTime = 0;
      };
    case 'End':
      return () => {
        video.currentTime = video.duration || 0;
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

type KeyAction = (() => void) | undefined;

/**
 * A player's keys, anywhere on the page: the action in `keys` for the key pressed (by `letterKey`), else
 * `fallback`'s. None while the viewer types, holds Ctrl, ⌘ or Alt, or a focused control keeps the key.
 * `fallback` must keep its identity (useCallback).
 */
export function usePageKeys(
  keys: RefObject<Record<string, () => void>>,
  fallback?: (key: string) => KeyAction,
) {
  useEffect(() => {
    const onKey = (event: KeyboardEvent) => {
      if (event.ctrlKey || event.metaKey || event.altKey || isTyping(event.target)) return;
      if (ownedByControl(event.key, event.target)) return;
      const key = letterKey(event.key);
      const action = keys.current[key] ?? fallback?.(key);
      if (!action) return;
      event.preventDefault();
      action();
    };
    document.addEventListener('keydown', onKey);
    return () => document.removeEventListener('keydown', onKey);
  }, [keys, fallback]);
}

const NO_KEYS: RefObject<Record<string, () => void>> = { current: {} };

/**
 * The usual player keys, anywhere on the page: space or k (play/pause), arrows (5 s, volume), j/l (10 s),
 * m (mute), f (fullscreen), 0–9 (jump to a tenth of the film), Home and End; and the player's own in
 * `more` (c: subtitles on and off, when the film has them).
 */
export function useKeyboardShortcuts(
  videoRef: RefObject<HTMLVideoElement | null>,
  containerRef: RefObject<HTMLElement | null>,
  more: RefObject<Record<string, () => void>> = NO_KEYS,
) {
  const videoKey = useCallback(
    (key: string): KeyAction => {
      const video = videoRef.current;
      const container = containerRef.current;
      return video && container ? shortcut(key, video, container) : undefined;
    },
    [videoRef, containerRef],
  );
  usePageKeys(more, videoKey);
}
