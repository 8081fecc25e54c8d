import { expect, it } from 'vitest';
import { viewingsNote } from './viewings-note';

it('tells the viewer of a one-viewing link that a reload carries on and the link will not open again', () => {
  expect(viewingsNote({ used: 1, limit: 1 })).toBe(
    'This link allows one viewing: this one. Reloading this page carries on with it, but the link will not open again in another tab or later.',
  );
});

it('counts the viewings of a link for several, and says when this is the last', () => {
  expect(viewingsNote({ used: 1, limit: 3 })).toBe(
    'This link allows 3 viewings; this is viewing 1. Reloading this page carries on with it; opening the link again in another tab or later starts a new viewing.',
  );
  expect(viewingsNote({ used: 3, limit: 3 })).toBe(
    'This link allows 3 viewings; this is viewing 3, the last. Reloading this page carries on with it, but the link will not open again in another tab or later.',
  );
});
