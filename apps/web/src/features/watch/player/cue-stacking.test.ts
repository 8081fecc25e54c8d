import { expect, it } from 'vitest';
import { separate } from './cue-stacking';

const room = { top: 10, bottom: 200 };

it('leaves alone spans that cover nothing and lie inside the room', () => {
  expect(
    separate(
      [
        { top: 150, height: 40, moves: 'up' },
        { top: 10, height: 30, moves: 'down' },
      ],
      room,
      2,
    ),
  ).toEqual([0, 0]);
});

it('moves a span off one already placed, away from the edge its line counts from', () => {
  // Two signs of two lines at line:0 and line:1: the second goes under the first.
  expect(
    separate(
      [
        { top: 10, height: 40, moves: 'down' },
        { top: 30, height: 40, moves: 'down' },
      ],
      room,
      2,
    ),
  ).toEqual([0, 22]);
  // A line:-2 lane over a tall bottom stack: it goes above the stack.
  expect(
    separate(
      [
        { top: 120, height: 80, moves: 'up' },
        { top: 160, height: 20, moves: 'up' },
      ],
      room,
      2,
    ),
  ).toEqual([0, -62]);
});

it('keeps every span inside the room, moving it the other way or leaving it out when its way is full', () => {
  // Below the room's lower edge (over the control bar): brought inside.
  expect(separate([{ top: 190, height: 20, moves: 'up' }], room, 2)).toEqual([-10]);
  // No room below the first: the second goes above it instead.
  expect(
    separate(
      [
        { top: 150, height: 50, moves: 'down' },
        { top: 160, height: 30, moves: 'down' },
      ],
      room,
      2,
    ),
  ).toEqual([0, -42]);
  // No room either way: not drawn.
  expect(
    separate(
      [
        { top: 10, height: 100, moves: 'down' },
        { top: 120, height: 80, moves: 'up' },
        { top: 50, height: 30, moves: 'down' },
      ],
      room,
      2,
    ),
  ).toEqual([0, 0, null]);
});

// WebVTT drops a box it cannot place inside the title area: a cue taller than the whole picture covered it all.
it('leaves out a span taller than the whole picture, and keeps one taller only than the room inside the picture', () => {
  const picture = { top: 0, bottom: 220 };
  expect(separate([{ top: -100, height: 300, moves: 'up' }], room, 2, picture)).toEqual([null]);
  // Taller than the room above the control bar, not than the picture: brought inside the picture, over the bar.
  expect(separate([{ top: -10, height: 210, moves: 'up' }], room, 2, picture)).toEqual([10]);
  // What comes after is moved off it, or left out when nothing is left.
  expect(
    separate(
      [
        { top: 0, height: 215, moves: 'up' },
        { top: 10, height: 20, moves: 'down' },
      ],
      room,
      2,
      picture,
    ),
  ).toEqual([0, null]);
});
