import { act, fireEvent, render } from '@testing-library/react';
import { useRef } from 'react';
import { afterEach, beforeEach, expect, it, vi } from 'vitest';
import { useControlsVisibility } from './use-controls-visibility';

beforeEach(() => {
  vi.useFakeTimers();
});
afterEach(() => {
  vi.useRealTimers();
});

/** A playing film's player: the hook's answer as the attribute the real player sets. */
function Player() {
  const ref = useRef<HTMLDivElement>(null);
  const shown = useControlsVisibility(ref, true);
  return (
    <div ref={ref} data-testid="player" data-controls={shown ? 'shown' : 'hidden'}>
      <div className="watch-controls">
        <button type="button">Pause</button>
        <input type="range" aria-label="Seek" />
      </div>
    </div>
  );
}

const idle = (ms: number) => act(() => vi.advanceTimersByTime(ms));
const key = (name: string) => act(() => fireEvent.keyDown(document.activeElement ?? document, { key: name }));

// Tab to Pause, Enter (or a shortcut key): the controls hid after 2.5 s with the focus ring on Pause in them.
it('keeps the controls while focus reached with the keyboard is in them, whatever key came last', () => {
  const { getByTestId, getByRole } = render(<Player />);
  const player = getByTestId('player');
  key('Tab');
  act(() => getByRole('button', { name: 'Pause' }).focus());
  key('Enter');
  idle(3000);
  expect(player.dataset.controls).toBe('shown');
  key('ArrowRight');
  idle(30_000);
  expect(player.dataset.controls).toBe('shown');
  // Tab on out of the controls: they hide when idle.
  key('Tab');
  act(() => getByRole('button', { name: 'Pause' }).blur());
  idle(3000);
  expect(player.dataset.controls).toBe('hidden');
  // Tab back in: they show again, and stay.
  key('Tab');
  act(() => getByRole('slider', { name: 'Seek' }).focus());
  expect(player.dataset.controls).toBe('shown');
  idle(10_000);
  expect(player.dataset.controls).toBe('shown');
});

it('hides the controls of a mouse user when idle, even with a clicked slider focused and keys pressed', () => {
  const { getByTestId, getByRole } = render(<Player />);
  const player = getByTestId('player');
  act(() => fireEvent.pointerMove(player, { pointerType: 'mouse' }));
  idle(3000);
  expect(player.dataset.controls).toBe('hidden');
  // A keyboard user who then takes the mouse: its click ends the keyboard's hold.
  key('Tab');
  const seek = getByRole('slider', { name: 'Seek' });
  act(() => seek.focus());
  act(() => fireEvent.pointerDown(seek, { pointerType: 'mouse' }));
  act(() => fireEvent.pointerMove(player, { pointerType: 'mouse' }));
  key(' ');
  idle(3000);
  expect(player.dataset.controls).toBe('hidden');
});
