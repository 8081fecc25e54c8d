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

/**
 * What the player keys act on: our <video> (videoPlayback) or Vimeo's player (vimeoPlayback), whose
 * answers come later, so nothing here waits for them.
 */
export type Playback = {
  togglePlay(): void;
  /** Forward (or back, below 0) by `seconds`, within the film. */
  seekBy(seconds: number): void;
  /** To a share of the film: 0 its start, 1 its end. */
  seekToShare(share: number): void;
  /** Up (or down, below 0) by `step`, between 0 and 1; 0 mutes. */
  volumeBy(step: number): void;
  toggleMute(): void;
};

export const clampedVolume = (volume: number, step: number) =>
  clamp(Math.round((volume + step) * 10) / 10, 0, 1);

export const clampedTime = (time: number, seconds: number, duration: number) =>
  clamp(time + seconds, 0, duration || 0);

export function videoPlayback(video: HTMLVideoElement): Playback {
  return {
    togglePlay: () => void (video.paused ? video.play().catch(() => undefined) : video.pause()),
    seekBy: (seconds) => {
      video.currentTime = clampedTime(video.currentTime, seconds, video.duration);
    },
    seekToShare: (share) => {
      video.currentTime = (video.duration || 0) * share;
    },
    volumeBy: (step) => setVolume(video, clampedVolume(video.volume, step)),
    toggleMute: () => toggleMute(video),
  };
}

/** What a key does to the film; undefined when the key means nothing to the player. */
export function shortcut(key: string, playback: Playback, container: HTMLElement): (() => void) | undefined {
  switch (key) {
    case ' ':
    case 'k':
      return () => playback.togglePlay();
    case 'ArrowLeft':
      return () => playback.seekBy(-5);
    case 'ArrowRight':
      return () => playback.seekBy(5);
    case 'j':
      return () => playback.seekBy(-10);
    case 'l':
      return () => playback.seekBy(10);
    case 'ArrowUp':
      return () => playback.volumeBy(0.1);
    case 'ArrowDown':
      return () => playback.volumeBy(-0.1);
    case 'm':
      return () => playback.toggleMute();
    case 'f':
      return () => toggleFullscreen(container);
    case 'Home':
      return () => playback.seekToShare(0);
    case 'End':
      return () => playback.seekToShare(1);
    default:
      if (/^[0-9]$/.test(key)) return () => playback.seekToShare(Number(key) / 10);
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
 * m (mute), f (fullscreen of `containerRef`), 0–9 (jump to a tenth of the film), Home and End; and the
 * player's own in `more` (c: subtitles on and off, when the film has them). `playbackOf` gives what they
 * act on, null before the player is there; it must keep its identity (useCallback).
 */
export function useKeyboardShortcuts(
  playbackOf: () => Playback | null,
  containerRef: RefObject<HTMLElement | null>,
  more: RefObject<Record<string, () => void>> = NO_KEYS,
) {
  const playerKey = useCallback(
    (key: string): KeyAction => {
      const playback = playbackOf();
      const container = containerRef.current;
      return playback && container ? shortcut(key, playback, container) : undefined;
    },
    [playbackOf, containerRef],
  );
  usePageKeys(more, playerKey);
}
