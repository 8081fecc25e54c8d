import { render, screen } from '@testing-library/react';
import { afterEach, expect, it, vi } from 'vitest';
import { SubtitleOverlay } from './subtitle-overlay';
import type { Cue } from './webvtt';

afterEach(() => {
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

it('draws a cue placed at the top (line:0) at the top of the picture, apart from the ones at the bottom', () => {
  const video = document.createElement('video');
  Object.defineProperty(video, 'currentTime', { value: 2, configurable: true });
  const cues: Cue[] = [
    { ...cue(1, 3, 'A SIGN'), place: { line: { value: 0, percent: false }, align: 'left' } },
    cue(1, 3, 'Dialogue'),
  ];
  render(
    <SubtitleOverlay
      video={video}
      cues={cues}
      textTrack={undefined}
      picture={null}
      controlsShown
      note={null}
    />,
  );
  const sign = screen.getByText('A SIGN').closest<HTMLElement>('.watch-subtitle-cue')!;
  const dialogue = screen.getByText('Dialogue').closest<HTMLElement>('.watch-subtitle-cue')!;
  expect(sign.closest('[data-from]')?.getAttribute('data-from')).toBe('top');
  expect(sign.style.textAlign).toBe('left');
  expect(dialogue.closest('[data-from]')?.getAttribute('data-from')).toBe('bottom');
  expect(dialogue.style.textAlign).toBe('center');
});

it('stacks cues placed on the same line, one under the other, rather than drawing them over each other', () => {
  const video = document.createElement('video');
  Object.defineProperty(video, 'currentTime', { value: 2, configurable: true });
  const top = { line: { value: 0, percent: false }, align: 'center' } as const;
  const cues: Cue[] = [
    { ...cue(1, 3, '- Who sings?'), place: top },
    { ...cue(1.5, 3, '- Nobody.'), place: top },
  ];
  render(
    <SubtitleOverlay
      video={video}
      cues={cues}
      textTrack={undefined}
      picture={null}
      controlsShown
      note={null}
    />,
  );
  const lanes = screen.getByTestId('watch-subtitles').querySelectorAll('.watch-subtitle-lane');
  expect(lanes).toHaveLength(1);
  expect([...lanes[0]!.querySelectorAll('.watch-subtitle-cue')].map((c) => c.textContent)).toEqual([
    '- Who sings?',
    '- Nobody.',
  ]);
});

it('lets a right-to-left cue run right to left, so its punctuation and start side are where its reader expects', () => {
  const video = document.createElement('video');
  Object.defineProperty(video, 'currentTime', { value: 2, configurable: true });
  render(
    <SubtitleOverlay
      video={video}
      cues={[cue(1, 3, 'שלום, עולם!'), cue(1, 3, 'Hello!')]}
      textTrack={undefined}
      picture={null}
      controlsShown={false}
      note={null}
    />,
  );
  expect(screen.getByText('שלום, עולם!').closest('.watch-subtitle-cue')?.getAttribute('dir')).toBe('rtl');
  expect(screen.getByText('Hello!').closest('.watch-subtitle-cue')?.getAttribute('dir')).toBe('ltr');
});
