import { vi } from 'vitest';

type Handler = (data: unknown) => void;
type TextTrack = { language: string; kind: string; label: string; mode: string };

/** Every stand-in made so far; a test reads the one its render made with `players.at(-1)`. */
export const players: FakeVimeoPlayer[] = [];

/**
 * Vimeo's player stand-in for `vi.mock('@vimeo/player')`: the test sends its events, with Vimeo's data,
 * in Vimeo's order; it holds the state Vimeo's API reads and sets (play, time, volume, text tracks)
 * and records how the text tracks are switched. As Vimeo's player (@vimeo/player's README), a volume or
 * muting set through the API is echoed as `volumechange` ({volume, muted}) and a text track switched
 * as `texttrackchange` ({language, kind, label}, nulls when off).
 */
export class FakeVimeoPlayer {
  handlers = new Map<string, Handler[]>();
  paused = true;
  seconds = 0;
  duration = 1720;
  volume = 1;
  muted = false;
  textTracks: TextTrack[] = [];
  enableTextTrack = vi.fn(async (language: string, kind?: string) => {
    const track = this.textTracks.find((t) => t.language === language && (!kind || t.kind === kind));
    if (!track) throw Object.assign(new Error('No such track'), { name: 'InvalidTrackError' });
    this.showTrack(track);
    return { language, kind: track.kind, label: track.label };
  });
  disableTextTrack = vi.fn(async () => this.showTrack(undefined));
  constructor() {
    players.push(this);
  }
  on(event: string, handler: Handler) {
    this.handlers.set(event, [...(this.handlers.get(event) ?? []), handler]);
  }
  emit(event: string, data?: unknown) {
    for (const handler of this.handlers.get(event) ?? []) handler(data);
  }
  private showTrack(shown: TextTrack | undefined) {
    this.textTracks = this.textTracks.map((t) => ({ ...t, mode: t === shown ? 'showing' : 'disabled' }));
    this.emit('texttrackchange', {
      language: shown?.language ?? null,
      kind: shown?.kind ?? null,
      label: shown?.label ?? null,
    });
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
    this.emit('volumechange', { volume, muted: this.muted });
    return volume;
  };
  getMuted = async () => this.muted;
  setMuted = async (muted: boolean) => {
    this.muted = muted;
    this.emit('volumechange', { volume: this.volume, muted });
    return muted;
  };
  destroy = async () => undefined;
}
