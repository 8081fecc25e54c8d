import { cleanup, render, screen } from '@testing-library/react';
import { afterEach, expect, it, vi } from 'vitest';
import { SubtitleOverlay } from './subtitle-overlay';
import type { Cue } from './webvtt';

afterEach(() => {
  cleanup();
  vi.restoreAllMocks();
});

const cue = (start: number, end: number, text: string): Cue => ({ start, end, text });

it('never draws the lines of a track it has just let go of, even for one render', () => {
  const errors = vi.spyOn(console, 'error').mockImplementation(() => {});
  const video = document.createElement('video');
  Object.defineProperty(video, 'currentTime', { value: 2, configurable: true });
  const props = { video, textTrack: undefined, picture: null, controlsShown: false, note: null };
  const { rerender } = render(<SubtitleOverlay {...props} cues={[cue(1, 3, 'Who is there?')]} />);
  expect(screen.getByTestId('watch-subtitles').textContent).toBe('Who is there?');
  // Another track chosen: its cues are not loaded yet.
  rerender(<SubtitleOverlay {...props} cues={[]} />);
  expect(screen.getByTestId('watch-subtitles').textContent).toBe('');
  // The old lines were drawn once more, keyless, before the overlay caught up.
  expect(errors.mock.calls.map((call) => String(call[0]))).not.toContainEqual(expect.stringMatching(/key/));
});
