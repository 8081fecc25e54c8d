import { type RefObject, useEffect, useState } from 'react';

export type MediaState = {
  paused: boolean;
  started: boolean;
  waiting: boolean;
  ended: boolean;
  currentTime: number;
  duration: number;
  bufferedEnd: number;
  volume: number;
  muted: boolean;
  rate: number;
};

const INITIAL: MediaState = {
  paused: true,
  started: false,
  waiting: false,
  ended: false,
  currentTime: 0,
  duration: 0,
  bufferedEnd: 0,
  volume: 1,
  muted: false,
  rate: 1,
};

const EVENTS = [
  'play',
  'pause',
  'playing',
  'waiting',
  'canplay',
  'timeupdate',
  'durationchange',
  'loadedmetadata',
  'progress',
  'volumechange',
  'ratechange',
  'ended',
  'seeking',
  'seeked',
] as const;

function read(video: HTMLVideoElement, started: boolean): MediaState {
  const { buffered } = video;
  return {
    paused: video.paused,
    started: started || !video.paused,
    waiting: !video.paused && video.readyState < HTMLMediaElement.HAVE_FUTURE_DATA,
    ended: video.ended,
    currentTime: video.currentTime,
    duration: Number.isFinite(video.duration) ? video.duration : 0,
    bufferedEnd: buffered.length > 0 ? buffered.end(buffered.length - 1) : 0,
    volume: video.volume,
    muted: video.muted,
    rate: video.playbackRate,
  };
}

/** The video element's state, for the controls. */
export function useMediaState(ref: RefObject<HTMLVideoElement | null>) {
  const [state, setState] = useState(INITIAL);
  useEffect(() => {
    const video = ref.current;
    if (!video) return;
    const update = () => setState((previous) => read(video, previous.started));
    for (const name of EVENTS) video.addEventListener(name, update);
    return () => {
      for (const name of EVENTS) video.removeEventListener(name, update);
    };
  }, [ref]);
  return state;
}
