import { fireEvent, render, screen } from '@testing-library/react';
import { expect, it, vi } from 'vitest';
import { type MenuGroup, SettingsMenu } from './settings-menu';

const groups: MenuGroup[] = [
  {
    label: 'Speed',
    options: ['0.5×', 'Normal', '1.5×'].map((label) => ({
      key: label,
      label,
      checked: label === 'Normal',
      choose: () => {},
    })),
  },
];

const renderMenu = () => render(<SettingsMenu summary="Normal" groups={groups} name="Speed" />);
const openButton = () => screen.getByRole('button', { name: 'Speed: Normal' });

it('opened from the keyboard, starts on its current choice', () => {
  renderMenu();
  fireEvent.click(openButton(), { detail: 0 });
  expect(document.activeElement).toBe(screen.getByRole('menuitemradio', { name: 'Normal' }));
  const menu = screen.getByRole('menu', { name: 'Speed' });
  fireEvent.keyDown(menu, { key: 'ArrowUp' });
  fireEvent.keyDown(menu, { key: 'ArrowUp' });
  expect(document.activeElement).toBe(screen.getByRole('menuitemradio', { name: '1.5×' }));
});

// A click takes focus into the menu itself, not onto a choice the pointer never reached (no ring), so
// the arrows still move through its choices instead of seeking the film.
it('opened with a click, keeps the arrows for its choices without putting focus on one', () => {
  renderMenu();
  fireEvent.click(openButton(), { detail: 1 });
  const menu = screen.getByRole('menu', { name: 'Speed' });
  expect(document.activeElement).toBe(menu);
  fireEvent.keyDown(menu, { key: 'ArrowDown' });
  expect(document.activeElement).toBe(screen.getByRole('menuitemradio', { name: '0.5×' }));

  fireEvent.click(openButton(), { detail: 1 });
  fireEvent.click(openButton(), { detail: 1 });
  fireEvent.keyDown(screen.getByRole('menu', { name: 'Speed' }), { key: 'ArrowUp' });
  expect(document.activeElement).toBe(screen.getByRole('menuitemradio', { name: '1.5×' }));
});

// On a phone the menu is a sheet along the bottom of the screen; held sideways it covers most of the
// picture, and the only way out was choosing something or finding the thin strip above it.
it('as a sheet on a phone, dims the page behind it and closes with Done or a tap outside', () => {
  vi.stubGlobal('matchMedia', (query: string) => ({
    matches: true,
    media: query,
    addEventListener() {},
    removeEventListener() {},
  }));
  render(
    <div className="watch-player">
      <SettingsMenu summary="Normal" groups={groups} name="Speed" />
    </div>,
  );
  const player = document.querySelector<HTMLElement>('.watch-player')!;
  fireEvent.click(openButton(), { detail: 1 });
  expect(screen.getByRole('menu', { name: 'Speed' }).dataset.layout).toBe('sheet');
  // The player lifts its controls (where the sheet lives) above the big play button and the notes.
  expect(player.hasAttribute('data-sheet-open')).toBe(true);
  fireEvent.click(screen.getByRole('menuitem', { name: 'Done' }), { detail: 1 });
  expect(screen.queryByRole('menu')).toBeNull();
  expect(player.hasAttribute('data-sheet-open')).toBe(false);
  // Focus goes back to the menu's button (a screen reader's finger is not left on the page's start).
  expect(document.activeElement).toBe(openButton());

  fireEvent.click(openButton(), { detail: 1 });
  fireEvent.click(screen.getByTestId('watch-menu-backdrop'), { detail: 1 });
  expect(screen.queryByRole('menu')).toBeNull();
});
