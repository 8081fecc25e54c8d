import { describe, expect, it } from 'vitest';
import { RENDITION_NAME } from '../modules/streams/stream-layout';
import { ladderFor } from './ladder';

const names = (w: number, h: number) =>
  ladderFor({ width: w, height: h }).map((r) => `${r.name}:${r.width}x${r.height}`);

describe('the HLS ladder', () => {
  it('goes up to the source resolution, never above', () => {
    expect(names(1920, 1080)).toEqual(['360p:640x360', '720p:1280x720', '1080p:1920x1080']);
    expect(names(3840, 2160)).toEqual(['360p:640x360', '720p:1280x720', '1080p:1920x1080']);
    expect(names(1280, 720)).toEqual(['360p:640x360', '720p:1280x720']);
    expect(names(854, 480)).toEqual(['360p:640x360']);
  });

  it('keeps the aspect ratio with even sizes, portrait included', () => {
    expect(names(2048, 858)).toEqual(['360p:860x360', '720p:1718x720']);
    expect(names(1080, 1920)).toEqual(['360p:360x640', '720p:720x1280', '1080p:1080x1920']);
  });

  it('keeps a tiny source at its own size', () => {
    expect(names(320, 240)).toEqual(['240p:320x240']);
    expect(names(64, 64)).toEqual(['64p:64x64']);
  });

  it('names every rendition so the stream routes serve it (a 64×64 film was ready but never played)', () => {
    for (const [w, h] of [
      [3840, 2160],
      [720, 1280],
      [320, 240],
      [64, 64],
      [8, 6],
    ] as const) {
      for (const rung of ladderFor({ width: w, height: h })) expect(rung.name).toMatch(RENDITION_NAME);
    }
  });
});
