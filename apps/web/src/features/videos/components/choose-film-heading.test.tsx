import { MantineProvider } from '@mantine/core';
import { render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { ChooseFilmHeading } from './choose-film-heading';

afterEach(() => {
  vi.restoreAllMocks();
});

function show({ touch, disabled = false }: { touch: boolean; disabled?: boolean }) {
  vi.spyOn(window, 'matchMedia').mockImplementation(
    (query) =>
      ({
        matches: touch && query === '(pointer: coarse)',
        media: query,
        addEventListener() {},
        removeEventListener() {},
      }) as never,
  );
  render(
    <MantineProvider>
      <ChooseFilmHeading disabled={disabled} />
    </MantineProvider>,
  );
  return screen.getByTestId('choose-film-heading').textContent;
}

describe('the upload zone’s heading', () => {
  it('offers to drop or click with a mouse', () => {
    expect(show({ touch: false })).toBe('Drop your film here, or click to choose it');
  });

  it('speaks of tapping on a touch screen, where nothing is dropped or clicked', () => {
    expect(show({ touch: true })).toBe('Tap to choose your film');
  });

  it('says when the plan has no room, whatever the screen', () => {
    expect(show({ touch: true, disabled: true })).toBe('No room for another film on your plan');
  });
});
