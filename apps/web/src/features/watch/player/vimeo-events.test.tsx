import type { OpenSessionResponse } from '@screenroom/shared/schemas/watch';
import { act, fireEvent, screen } from '@testing-library/react';
import { afterEach, beforeEach, expect, it, vi } from 'vitest';
import { EventTracker } from '../event-tracker';
import { renderVimeoPlayer } from './test-support/render-vimeo-player';

vi.mock('@vimeo/player', async () => ({
  default: (await import('./test-support/vimeo-player-fake')).FakeVimeoPlayer,
}));

const DURATION = 1720;
const session = {
  sessionId: 's1',
  video: { title: 'Salt and Ash', vimeo_id: '760002', subtitles: [] },
  watermark: null,
  resumeAt: null,
} as unknown as OpenSessionResponse;

const at = (seconds: number) => ({ seconds, percent: seconds / DURATION, duration: DURATION });

beforeEach(() => vi.useFakeTimers());
afterEach(() => {
  vi.useRealTimers();
});

function renderVimeo() {
  const tracker = new EventTracker('s1', () => 't');
  const push = vi.spyOn(tracker, 'push');
  // Nothing is sent from here: the reports are read as the tracker is given them.
  vi.spyOn(tracker, 'flush').mockResolvedValue();
  tracker.start();
  const { player } = renderVimeoPlayer(session, tracker);
  /** Plays from `from` to `to` as Vimeo reports it: a timeupdate every 250 ms. */
  const playTo = (from: number, to: number) => {
    for (let s = from + 0.25; s <= to; s += 0.25) {
      act(() => vi.advanceTimersByTime(250));
      player.emit('timeupdate', at(s));
    }
  };
  const sent = () => push.mock.calls.map(([type, data, position]) => ({ type, data, position }));
  return { player, tracker, playTo, sent };
}

it('counts no played stretch over a jump still loading when the 5 s progress report comes', () => {
  const { player, tracker, playTo, sent } = renderVimeo();
  player.emit('play', at(0));
  player.emit('playing', at(0));
  playTo(0, 3);
  // The jump to 1:00: Vimeo's timeupdate at the new place, then seeking; the picture loads for 3 s,
  // while the progress report (every 5 s) falls due.
  player.emit('timeupdate', at(60));
  player.emit('seeking', at(60));
  act(() => vi.advanceTimersByTime(3000));
  player.emit('timeupdate', at(60));
  player.emit('seeked', at(60));
  playTo(60, 62);
  player.emit('pause', at(62));
  tracker.stop();

  const played = sent().filter((e) => ['progress', 'seek', 'pause'].includes(e.type));
  expect(played).toEqual([
    { type: 'progress', data: { from: 0 }, position: 3 },
    // Nothing played between the report and the jump: its stretch is empty.
    { type: 'seek', data: { from: 3, at: 3 }, position: 60 },
    { type: 'pause', data: { from: 60 }, position: 62 },
  ]);
});

it('reports the end of the film as the end, with its stretch, not as a pause before it', () => {
  const { player, tracker, playTo, sent } = renderVimeo();
  player.emit('timeupdate', at(DURATION - 2));
  player.emit('seeking', at(DURATION - 2));
  player.emit('seeked', at(DURATION - 2));
  player.emit('play', at(DURATION - 2));
  player.emit('playing', at(DURATION - 2));
  playTo(DURATION - 2, DURATION);
  // Vimeo's player says pause, then ended.
  player.emit('pause', at(DURATION));
  player.emit('ended', at(DURATION));
  tracker.stop();

  const played = sent().filter((e) => ['play', 'pause', 'ended'].includes(e.type));
  expect(played).toEqual([
    { type: 'play', data: undefined, position: DURATION - 2 },
    { type: 'ended', data: { from: DURATION - 2 }, position: DURATION },
  ]);
});

it('reports full screen where the player fills the window instead (iPhone Safari has no element fullscreen)', () => {
  const { sent } = renderVimeo();
  // jsdom, as iPhone Safari, has no requestFullscreen for an element.
  expect(document.body.requestFullscreen).toBeUndefined();
  fireEvent.click(screen.getByRole('button', { name: 'Full screen' }));
  fireEvent.click(screen.getByRole('button', { name: 'Exit full screen' }));

  expect(sent().flatMap((e) => (e.type === 'fullscreen' ? [e.data] : []))).toEqual([
    { on: true },
    { on: false },
  ]);
});

it('counts buffering while the film plays, not while a jump loads, as for our streams', () => {
  const { player, tracker, playTo, sent } = renderVimeo();
  player.emit('play', at(0));
  player.emit('playing', at(0));
  playTo(0, 2);
  // The jump to 1:00, whose picture takes 3 s to load: Vimeo buffers meanwhile.
  player.emit('timeupdate', at(60));
  player.emit('seeking', at(60));
  player.emit('bufferstart');
  act(() => vi.advanceTimersByTime(3000));
  player.emit('bufferend');
  player.emit('timeupdate', at(60));
  player.emit('seeked', at(60));
  playTo(60, 61);
  // A stall while playing: counted.
  player.emit('bufferstart');
  act(() => vi.advanceTimersByTime(1500));
  player.emit('bufferend');
  tracker.stop();

  expect(sent().flatMap((e) => (e.type === 'buffering' ? [e.data] : []))).toEqual([{ ms: 1500 }]);
});

it('counts no buffering from a jump whose loading Vimeo ends after it says seeked', () => {
  const { player, tracker, sent } = renderVimeo();
  player.emit('play', at(0));
  player.emit('playing', at(0));
  player.emit('timeupdate', at(60));
  player.emit('seeking', at(60));
  player.emit('bufferstart');
  act(() => vi.advanceTimersByTime(2000));
  player.emit('seeked', at(60));
  player.emit('bufferend');
  tracker.stop();
  expect(sent().filter((e) => e.type === 'buffering')).toEqual([]);
});
