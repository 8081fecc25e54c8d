import type { OpenSessionResponse } from '@screenroom/shared/schemas/watch';
import { act, cleanup, fireEvent, screen, waitFor } from '@testing-library/react';
import { afterEach, beforeEach, expect, it, vi } from 'vitest';
import { EventTracker } from '../event-tracker';
import { renderVimeoPlayer } from './test-support/render-vimeo-player';

vi.mock('@vimeo/player', async () => ({
  default: (await import('./test-support/vimeo-player-fake')).FakeVimeoPlayer,
}));

const session = {
  sessionId: 's1',
  video: { title: 'Northern Lights', vimeo_id: '760003', subtitles: [] },
  watermark: null,
  resumeAt: null,
} as unknown as OpenSessionResponse;

const TRACKS = [
  { language: 'en', kind: 'captions', label: 'English CC', mode: 'disabled' },
  { language: 'de', kind: 'subtitles', label: 'Deutsch', mode: 'disabled' },
];

beforeEach(() => localStorage.clear());
afterEach(() => cleanup());

function renderVimeo(tracks = TRACKS) {
  const tracker = new EventTracker('s1', () => 't');
  const push = vi.spyOn(tracker, 'push');
  const { player } = renderVimeoPlayer(session, tracker);
  // Offered once the player is ready: Vimeo's "loaded" is for a new video and may not come at first.
  player.textTracks = tracks;
  return { player, push };
}

it('offers no subtitles when Vimeo reports no text tracks', async () => {
  const { player } = renderVimeo([]);
  await act(async () => undefined);
  expect(screen.queryByRole('button', { name: 'Subtitles' })).toBeNull();
  expect(player.enableTextTrack).not.toHaveBeenCalled();
});

it('offers Vimeo’s text tracks and switches them in Vimeo’s player', async () => {
  const { player, push } = renderVimeo();
  const cc = await screen.findByRole('button', { name: 'Subtitles' });
  expect(cc.getAttribute('aria-pressed')).toBe('false');

  fireEvent.click(screen.getByRole('button', { name: 'Subtitles: Off' }));
  fireEvent.click(screen.getByRole('menuitemradio', { name: 'Deutsch' }));
  expect(player.enableTextTrack).toHaveBeenLastCalledWith('de', 'subtitles');
  expect(cc.getAttribute('aria-pressed')).toBe('true');
  expect(push).toHaveBeenLastCalledWith('subtitles', { language: 'de', kind: 'subtitles' });

  fireEvent.click(cc);
  expect(player.disableTextTrack).toHaveBeenCalledTimes(1);
  expect(cc.getAttribute('aria-pressed')).toBe('false');
  // Back on, the CC button takes the track chosen last.
  fireEvent.click(cc);
  expect(player.enableTextTrack).toHaveBeenLastCalledWith('de', 'subtitles');

  // A switch in Vimeo's own menu shows in ours.
  act(() => player.emit('texttrackchange', { language: 'en', kind: 'captions', label: 'English CC' }));
  expect(screen.getByRole('button', { name: 'Subtitles: English CC' })).toBeTruthy();
});

it('turns on the language the viewer chose last time', async () => {
  localStorage.setItem('screenroom.subtitles', JSON.stringify({ language: 'en', kind: 'captions' }));
  const { player } = renderVimeo();
  await waitFor(() => expect(player.enableTextTrack).toHaveBeenCalledWith('en', 'captions'));
  expect(screen.getByRole('button', { name: 'Subtitles' }).getAttribute('aria-pressed')).toBe('true');
});

it('shows subtitles as off again when Vimeo cannot switch to the chosen track', async () => {
  const { player } = renderVimeo();
  const cc = await screen.findByRole('button', { name: 'Subtitles' });
  // Vimeo refuses (its player is reloading, or the track went): it shows none.
  player.enableTextTrack.mockRejectedValueOnce(new Error('InvalidTrackError'));
  fireEvent.click(screen.getByRole('button', { name: 'Subtitles: Off' }));
  fireEvent.click(screen.getByRole('menuitemradio', { name: 'Deutsch' }));
  expect(player.enableTextTrack).toHaveBeenLastCalledWith('de', 'subtitles');
  await waitFor(() => expect(cc.getAttribute('aria-pressed')).toBe('false'));
  expect(screen.getByRole('button', { name: 'Subtitles: Off' })).toBeTruthy();
});

it('keeps showing the track Vimeo shows when it cannot turn it off', async () => {
  const { player } = renderVimeo();
  const cc = await screen.findByRole('button', { name: 'Subtitles' });
  fireEvent.click(cc);
  expect(player.enableTextTrack).toHaveBeenLastCalledWith('en', 'captions');
  player.textTracks = TRACKS.map((t) => ({ ...t, mode: t.language === 'en' ? 'showing' : 'disabled' }));
  player.disableTextTrack.mockRejectedValueOnce(new Error('unreachable'));
  fireEvent.click(cc);
  await waitFor(() => expect(cc.getAttribute('aria-pressed')).toBe('true'));
  expect(screen.getByRole('button', { name: 'Subtitles: English CC' })).toBeTruthy();
});

it('turns subtitles on and off with the c key, as its button says, but not while typing', async () => {
  const { player } = renderVimeo();
  const cc = await screen.findByRole('button', { name: 'Subtitles' });
  expect(cc.getAttribute('title')).toBe('Subtitles on (c)');
  fireEvent.keyDown(document.body, { key: 'c' });
  expect(player.enableTextTrack).toHaveBeenLastCalledWith('en', 'captions');
  expect(cc.getAttribute('aria-pressed')).toBe('true');
  // With Caps Lock on, as well.
  fireEvent.keyDown(document.body, { key: 'C' });
  expect(player.disableTextTrack).toHaveBeenCalledTimes(1);
  expect(cc.getAttribute('aria-pressed')).toBe('false');

  const input = document.createElement('input');
  document.body.append(input);
  fireEvent.keyDown(input, { key: 'c' });
  fireEvent.keyDown(document.body, { key: 'c', ctrlKey: true });
  expect(player.enableTextTrack).toHaveBeenCalledTimes(1);
  input.remove();
});

it('leaves the c key to the open subtitles menu, as the player of our own streams does', async () => {
  const { player } = renderVimeo();
  await screen.findByRole('button', { name: 'Subtitles' });
  fireEvent.click(screen.getByRole('button', { name: 'Subtitles: Off' }));
  fireEvent.keyDown(screen.getByRole('menuitemradio', { name: 'Deutsch' }), { key: 'c' });
  expect(player.enableTextTrack).not.toHaveBeenCalled();
});

const choices = (push: ReturnType<typeof renderVimeo>['push']) =>
  push.mock.calls.filter(([type]) => type === 'subtitles').map(([, data]) => data);
const remembered = () => JSON.parse(localStorage.getItem('screenroom.subtitles') ?? 'undefined');

it('reports and remembers a track chosen in Vimeo’s own menu, as a choice in ours', async () => {
  const { player, push } = renderVimeo();
  await screen.findByRole('button', { name: 'Subtitles' });
  act(() => player.emit('texttrackchange', { language: 'de', kind: 'subtitles', label: 'Deutsch' }));
  expect(choices(push)).toEqual([{ language: 'de', kind: 'subtitles' }]);
  expect(remembered()).toEqual({ language: 'de', kind: 'subtitles' });
  expect(screen.getByRole('button', { name: 'Subtitles: Deutsch' })).toBeTruthy();

  act(() => player.emit('texttrackchange', { language: null, kind: null, label: null }));
  expect(choices(push)).toEqual([{ language: 'de', kind: 'subtitles' }, { language: null }]);
  expect(remembered()).toBeNull();
  // The CC button then brings back the track chosen last, in Vimeo's menu.
  fireEvent.click(screen.getByRole('button', { name: 'Subtitles' }));
  expect(player.enableTextTrack).toHaveBeenLastCalledWith('de', 'subtitles');
});

it('reports a choice made in our menu once, though Vimeo’s player echoes it', async () => {
  const { player, push } = renderVimeo();
  const cc = await screen.findByRole('button', { name: 'Subtitles' });
  fireEvent.click(screen.getByRole('button', { name: 'Subtitles: Off' }));
  fireEvent.click(screen.getByRole('menuitemradio', { name: 'Deutsch' }));
  await waitFor(() => expect(player.textTracks.find((t) => t.mode === 'showing')?.language).toBe('de'));
  fireEvent.click(cc);
  await waitFor(() => expect(player.disableTextTrack).toHaveBeenCalled());
  await act(async () => undefined);
  expect(choices(push)).toEqual([{ language: 'de', kind: 'subtitles' }, { language: null }]);
});

it('reports nothing when it turns on the remembered track, nor when Vimeo shows its own at first', async () => {
  localStorage.setItem('screenroom.subtitles', JSON.stringify({ language: 'en', kind: 'captions' }));
  const { player, push } = renderVimeo();
  // Vimeo's own default, before the page has heard of its tracks.
  act(() => player.emit('texttrackchange', { language: 'de', kind: 'subtitles', label: 'Deutsch' }));
  await waitFor(() => expect(player.enableTextTrack).toHaveBeenCalledWith('en', 'captions'));
  await act(async () => undefined);
  expect(screen.getByRole('button', { name: 'Subtitles: English CC' })).toBeTruthy();
  expect(choices(push)).toEqual([]);
  expect(remembered()).toEqual({ language: 'en', kind: 'captions' });
});

it('takes Vimeo’s late echo of an earlier switch of ours for no choice of the viewer’s', async () => {
  const { player, push } = renderVimeo();
  await screen.findByRole('button', { name: 'Subtitles' });
  // Vimeo answers both switches only after the second was asked.
  const echoes: (() => void)[] = [];
  player.enableTextTrack.mockImplementation(async (language: string, kind?: string) => {
    echoes.push(() => player.emit('texttrackchange', { language, kind, label: language }));
    return { language, kind: kind ?? 'subtitles', label: language };
  });
  fireEvent.click(screen.getByRole('button', { name: 'Subtitles: Off' }));
  fireEvent.click(screen.getByRole('menuitemradio', { name: 'Deutsch' }));
  fireEvent.click(screen.getByRole('button', { name: 'Subtitles: Deutsch' }));
  fireEvent.click(screen.getByRole('menuitemradio', { name: 'English CC' }));
  act(() => {
    for (const echo of echoes) echo();
  });
  expect(choices(push)).toEqual([
    { language: 'de', kind: 'subtitles' },
    { language: 'en', kind: 'captions' },
  ]);
  expect(screen.getByRole('button', { name: 'Subtitles: English CC' })).toBeTruthy();
  expect(remembered()).toEqual({ language: 'en', kind: 'captions' });
});
