import type { OpenSessionResponse } from '@screenroom/shared/schemas/watch';
import { act, fireEvent, screen } from '@testing-library/react';
import { afterEach, expect, it, vi } from 'vitest';
import { EventTracker } from '../event-tracker';
import { renderVimeoPlayer } from './test-support/render-vimeo-player';

vi.mock('@vimeo/player', async () => ({
  default: (await import('./test-support/vimeo-player-fake')).FakeVimeoPlayer,
}));

const baseSession = {
  sessionId: 's1',
  video: { title: 'Salt and Ash', vimeo_id: '760002', subtitles: [] },
  watermark: null,
  resumeAt: null,
} as unknown as OpenSessionResponse;

afterEach(() => {
  vi.useRealTimers();
});

function renderVimeo(resumeAt: number | null = null) {
  const tracker = new EventTracker('s1', () => 't');
  const push = vi.spyOn(tracker, 'push');
  vi.spyOn(tracker, 'flush').mockResolvedValue();
  tracker.start();
  const { container, player } = renderVimeoPlayer({ ...baseSession, resumeAt }, tracker);
  const volumes = () => push.mock.calls.filter(([type]) => type === 'volume').map(([, data]) => data);
  return { player, tracker, container, volumes };
}

/** A key pressed on the page (not inside Vimeo's iframe), and Vimeo's answers awaited. */
async function press(key: string) {
  await act(async () => {
    fireEvent.keyDown(document.body, { key });
    for (let i = 0; i < 5; i++) await Promise.resolve();
  });
}

it('plays and pauses a Vimeo film with Space and k pressed on the page', async () => {
  const { player } = renderVimeo();
  await press(' ');
  expect(player.paused).toBe(false);
  await press('k');
  expect(player.paused).toBe(true);
});

it('jumps 5 s with the arrows, within the film, and to its start and tenths with Home and the digits', async () => {
  const { player } = renderVimeo();
  player.seconds = 30;
  await press('ArrowRight');
  expect(player.seconds).toBe(35);
  await press('ArrowLeft');
  await press('ArrowLeft');
  expect(player.seconds).toBe(25);
  player.seconds = 3;
  await press('ArrowLeft');
  expect(player.seconds).toBe(0);
  await press('5');
  expect(player.seconds).toBe(860);
  await press('Home');
  expect(player.seconds).toBe(0);
});

it('turns the volume up and down with the arrows and mutes with m', async () => {
  const { player } = renderVimeo();
  player.volume = 0.5;
  await press('ArrowUp');
  expect(player.volume).toBe(0.6);
  await press('ArrowDown');
  await press('ArrowDown');
  expect(player.volume).toBe(0.4);
  await press('m');
  expect(player.muted).toBe(true);
  await press('m');
  expect(player.muted).toBe(false);
  expect(player.volume).toBe(0.4);
});

it('brings back the last level heard when m unmutes a film turned down to nothing', async () => {
  const { player } = renderVimeo();
  player.volume = 0.3;
  await press('ArrowDown');
  expect(player.volume).toBe(0.2);
  await press('ArrowDown');
  await press('ArrowDown');
  expect(player.volume).toBe(0);
  await press('m');
  expect(player.muted).toBe(false);
  expect(player.volume).toBe(0.1);
});

it('puts our player, with its watermark, in full screen with f', async () => {
  const { container } = renderVimeo();
  await press('f');
  expect(container.querySelector('.watch-player')?.getAttribute('data-fullscreen')).toBe('true');
  expect(screen.getByRole('button', { name: 'Exit full screen' })).toBeTruthy();
});

it('says where the film resumes, until it plays, and Start over plays it from the top', async () => {
  const { player } = renderVimeo(70);
  expect(screen.getByText(/Resuming at 1:10/)).toBeTruthy();
  await act(async () => {
    fireEvent.click(screen.getByRole('button', { name: /Start over/ }));
    await Promise.resolve();
  });
  expect(player.seconds).toBe(0);
  expect(player.paused).toBe(false);
  act(() => player.emit('play', { seconds: 0, percent: 0, duration: 1720 }));
  expect(screen.queryByText(/Resuming at/)).toBeNull();
});

it('says nothing of resuming for a film seen from the start', () => {
  renderVimeo(null);
  expect(screen.queryByText(/Resuming at/)).toBeNull();
});

it('reports the volume once it stays put for 400 ms, the last value, with whether it is muted', async () => {
  vi.useFakeTimers();
  const { player, volumes } = renderVimeo();
  // Dragging Vimeo's volume slider.
  for (const volume of [0.9, 0.8, 0.7, 0.6]) {
    player.volume = volume;
    player.emit('volumechange', { volume });
    act(() => vi.advanceTimersByTime(100));
  }
  expect(volumes()).toEqual([]);
  await act(async () => {
    vi.advanceTimersByTime(400);
    for (let i = 0; i < 5; i++) await Promise.resolve();
  });
  expect(volumes()).toEqual([{ volume: 0.6, muted: false }]);
});

it('reports muting with the m key', async () => {
  vi.useFakeTimers();
  const { volumes } = renderVimeo();
  await press('m');
  await act(async () => {
    vi.advanceTimersByTime(400);
    for (let i = 0; i < 5; i++) await Promise.resolve();
  });
  expect(volumes()).toEqual([{ volume: 1, muted: true }]);
});

/** Lets the 400 ms of quiet pass and Vimeo's answers to the volume read come in. */
async function quietFor400ms() {
  await act(async () => {
    vi.advanceTimersByTime(400);
    for (let i = 0; i < 5; i++) await Promise.resolve();
  });
}

it('reports muting and unmuting in Vimeo’s own controls, inside its frame', async () => {
  vi.useFakeTimers();
  const { player, volumes } = renderVimeo();
  // Vimeo's mute button: the level stays, muted changes (vimeo/player.js#917).
  player.muted = true;
  act(() => player.emit('volumechange', { volume: 1, muted: true }));
  await quietFor400ms();
  expect(volumes()).toEqual([{ volume: 1, muted: true }]);
  player.muted = false;
  act(() => player.emit('volumechange', { volume: 1, muted: false }));
  await quietFor400ms();
  expect(volumes()).toEqual([
    { volume: 1, muted: true },
    { volume: 1, muted: false },
  ]);
});

it('reports a volume set with our keys once, though Vimeo reports it as well', async () => {
  vi.useFakeTimers();
  const { volumes } = renderVimeo();
  // ArrowDown sets the volume and the muting, each echoed by Vimeo's player as a volumechange.
  await press('ArrowDown');
  await quietFor400ms();
  await press('m');
  await quietFor400ms();
  expect(volumes()).toEqual([
    { volume: 0.9, muted: false },
    { volume: 0.9, muted: true },
  ]);
});

it('puts the resume note and our buttons before Vimeo’s frame in the Tab order, as they show above its controls', async () => {
  const { player, container } = renderVimeo(70);
  player.textTracks = [{ language: 'en', kind: 'captions', label: 'English CC', mode: 'disabled' }];
  await screen.findByRole('button', { name: 'Subtitles' });
  const iframe = container.querySelector('iframe')!;
  const focusable = [...container.querySelectorAll('button, iframe')];
  expect(focusable.indexOf(iframe)).toBe(focusable.length - 1);
  expect(focusable.map((e) => e.getAttribute('aria-label') ?? e.textContent)).toEqual([
    expect.stringMatching(/Start over/),
    'Subtitles',
    'Subtitles: Off',
    'Full screen',
    '',
  ]);
});
