import { vi } from 'vitest';

type Handler = (data: unknown) => void;
type TextTrack = { language: string; kind: string; label: string; mode: string };

/** Every stand-in made so far; a test reads the one its render made with `players.at(-1)`. */
export const players: FakeVimeoPlayer[] = [];

/**
 * Vimeo's player stand-in for `vi.mock('@vimeo/player')`: the test sends its events, with Vimeo's data,
 * in Vimeo's order; it holds the state Vimeo's API reads and sets (play, time, volume, text tracks)
 * and records how the text tracks are switched.
 */
export class FakeVimeoPlayer {
  handlers = new Map<string, Handler[]>();
  paused = true;
  seconds = 0;
  duration = 1720;
  volume = 1;
  muted = false;
  textTracks: TextTrack[] = [];
  enableTextTrack = vi.fn(async (language: string, kind?: string) => ({ language, kind }));
  disableTextTrack = vi.fn(async () => undefined);
  constructor() {
    players.push(this);
  }
  on(event: string, handler: Handler) {
    this.handlers.set(event, [...(this.handlers.get(event) ?? []), handler]);
  }
  emit(event: string, data?: unknown) {
    for (const handler of this.handlers.get(event) ?? []) handler(data);
  }
  ready = async () => undefined;
  getTextTracks = async () => this.textTracks;
  getVideoWidth = async () => 1920;
  getVideoHeight = async () => 1080;
  getPaused = async () => this.paused;
  play = async () => {
    this.paused = false;
  };
  pause = async () => {
    this.paused = true;
  };
  getDuration = async () => this.duration;
  getCurrentTime = async () => this.seconds;
  setCurrentTime = async (seconds: number) => {
    this.seconds = seconds;
    return seconds;
  };
  getVolume = async () => this.volume;
  setVolume = async (volume: number) => {
    this.volume = volume;
    return volume;
  };
  getMuted = async () => this.muted;
  setMuted = async (muted: boolean) => {
    this.muted = muted;
    return muted;
  };
  destroy = async () => undefined;
}
