import { afterEach, expect, it, vi } from 'vitest';
import { FILL_WINDOW_CHANGE, inFullscreen, toggleFullscreen } from './fullscreen';

afterEach(() => {
  document.body.innerHTML = '';
  document.documentElement.removeAttribute('data-player-fills-window');
});

/** A player in a browser without fullscreen for elements, as iPhone Safari is. */
function playerWithoutFullscreen() {
  const player = document.createElement('div');
  Object.defineProperty(player, 'requestFullscreen', { value: undefined });
  document.body.append(player);
  return player;
}

it('fills the window where the browser has no fullscreen for the player, and the same button leaves it', () => {
  const player = playerWithoutFullscreen();
  const changes = vi.fn();
  player.addEventListener(FILL_WINDOW_CHANGE, changes);

  toggleFullscreen(player);
  expect(inFullscreen(player)).toBe(true);
  expect(player.hasAttribute('data-fills-window')).toBe(true);
  // The page underneath stops scrolling.
  expect(document.documentElement.hasAttribute('data-player-fills-window')).toBe(true);
  expect(changes).toHaveBeenCalledTimes(1);

  toggleFullscreen(player);
  expect(inFullscreen(player)).toBe(false);
  expect(player.hasAttribute('data-fills-window')).toBe(false);
  expect(document.documentElement.hasAttribute('data-player-fills-window')).toBe(false);
  expect(changes).toHaveBeenCalledTimes(2);
});

it('fills the window when the browser refuses its fullscreen', async () => {
  const player = document.createElement('div');
  player.requestFullscreen = () => Promise.reject(new TypeError('not allowed'));
  document.body.append(player);
  toggleFullscreen(player);
  await vi.waitFor(() => expect(inFullscreen(player)).toBe(true));
});

it('asks for the browser’s own fullscreen where there is one', () => {
  const player = document.createElement('div');
  player.requestFullscreen = vi.fn(() => Promise.resolve());
  toggleFullscreen(player);
  expect(player.requestFullscreen).toHaveBeenCalledWith({ navigationUI: 'hide' });
  expect(player.hasAttribute('data-fills-window')).toBe(false);
});
