import { IconCheck, IconSettings } from '@tabler/icons-react';
import { type KeyboardEvent, type MouseEvent, useEffect, useLayoutEffect, useRef, useState } from 'react';

export type MenuGroup = {
  label: string;
  options: { key: string; label: string; checked: boolean; choose: () => void }[];
};

/**
 * On a phone-sized or touch screen with less than this much room above the button (a phone held
 * upright), the menu is a sheet at the bottom of the screen; so it is on a touch screen where its choices
 * would not all fit by the button. Elsewhere it stays by its button.
 */
const SHEET_BELOW_PX = 240;
const sheetScreen = () => window.matchMedia('(max-width: 640px), (pointer: coarse)').matches;

/**
 * The speed and quality menu: opens upwards inside the player (so it shows in fullscreen too), or, where
 * the picture is too short for it, as a sheet along the bottom of the screen with its groups side by side.
 */
export function SettingsMenu({
  summary,
  groups,
  name = 'Speed and quality',
  opens = 'up',
}: {
  summary: string;
  groups: MenuGroup[];
  /** What the menu is called (its button's name starts with it). */
  name?: string;
  /** Upwards from a control bar along the bottom, or downwards from a button at the top. */
  opens?: 'up' | 'down';
}) {
  const [open, setOpen] = useState(false);
  const [room, setRoom] = useState<number>();
  const [sheet, setSheet] = useState(false);
  const root = useRef<HTMLDivElement>(null);

  /** Opened from the keyboard (Enter, Space): then focus goes into the menu, onto its current choice. */
  const openedByKeyboard = useRef(false);

  /** The player clips what overflows the list: at most the room above (or below) the button. */
  const toggle = (event: MouseEvent) => {
    openedByKeyboard.current = event.detail === 0;
    const player = root.current?.closest('.watch-player');
    if (!open && root.current && player) {
      const at = root.current.getBoundingClientRect();
      const box = player.getBoundingClientRect();
      const space = opens === 'up' ? at.top - box.top - 16 : box.bottom - at.bottom - 16;
      setRoom(space);
      setSheet(space < SHEET_BELOW_PX && sheetScreen());
    }
    setOpen((o) => !o);
  };

  const button = useRef<HTMLButtonElement>(null);
  const list = useRef<HTMLDivElement>(null);
  /** Closes the menu; from the keyboard, focus goes back to its button. */
  const close = (refocus: boolean) => {
    setOpen(false);
    if (refocus) button.current?.focus();
  };

  // A finger scrolls a short list inside the picture badly, and does not see that it scrolls: on a touch
  // screen a menu that does not fit by its button (subtitles below speed, on a tablet) is a sheet instead.
  useLayoutEffect(() => {
    const popup = list.current;
    if (open && !sheet && popup && popup.scrollHeight > popup.clientHeight && sheetScreen()) setSheet(true);
  }, [open, sheet]);

  // The sheet lives in the control bar, whose stacking the big play button and the notes sit above on a
  // phone: the player lifts the bar over them while the sheet is open (watch.css, data-sheet-open).
  useEffect(() => {
    const player = root.current?.closest('.watch-player');
    if (!player || !open || !sheet) return;
    player.setAttribute('data-sheet-open', '');
    return () => player.removeAttribute('data-sheet-open');
  }, [open, sheet]);

  useEffect(() => {
    if (!open) return;
    // From the keyboard the menu opens on its current choice (the first checked one), as a menu of radio
    // items does. After a click or a tap focus goes to the menu itself: on a choice, the browser drew its
    // focus ring where the pointer never was (nothing was focused before the film started); left outside,
    // the arrows would seek the film instead of moving through the choices.
    const items = list.current?.querySelectorAll<HTMLElement>('[role="menuitemradio"]');
    const checked = list.current?.querySelector<HTMLElement>('[aria-checked="true"]');
    (openedByKeyboard.current ? (checked ?? items?.[0]) : list.current)?.focus({ preventScroll: true });
    const outside = (event: Event) => {
      if (!root.current?.contains(event.target as Node)) setOpen(false);
    };
    const onEscape = (event: globalThis.KeyboardEvent) => {
      if (event.key !== 'Escape') return;
      const fromMenu = root.current?.contains(document.activeElement);
      setOpen(false);
      if (fromMenu) button.current?.focus();
    };
    document.addEventListener('pointerdown', outside);
    document.addEventListener('keydown', onEscape);
    return () => {
      document.removeEventListener('pointerdown', outside);
      document.removeEventListener('keydown', onEscape);
    };
  }, [open]);

  /** Up and Down (and Home, End) move through the choices of both groups (and a sheet's Done), round the ends. */
  const move = (event: KeyboardEvent<HTMLDivElement>) => {
    const items = [...(list.current?.querySelectorAll<HTMLElement>('[role^="menuitem"]') ?? [])];
    const at = items.indexOf(document.activeElement as HTMLElement);
    const next =
      event.key === 'ArrowDown'
        ? (at + 1) % items.length
        : event.key === 'ArrowUp'
          ? // From the menu itself (opened with a click, at -1), Up goes to the last choice too.
            (Math.max(at, 0) - 1 + items.length) % items.length
          : event.key === 'Home'
            ? 0
            : event.key === 'End'
              ? items.length - 1
              : null;
    if (next === null) {
      if (event.key === 'Tab') setOpen(false);
      return;
    }
    event.preventDefault();
    items[next]?.focus();
  };

  return (
    <div className="watch-menu" ref={root}>
      <button
        ref={button}
        type="button"
        className="watch-menu-button"
        aria-haspopup="menu"
        aria-expanded={open}
        aria-label={`${name}: ${summary}`}
        onClick={toggle}
      >
        <IconSettings size={18} />
        <span>{summary}</span>
      </button>
      {open && sheet && (
        // Behind the sheet: the page dims, and a tap on it closes the sheet (it covers most of a phone held
        // sideways, where the strip above it was the only way out but a choice).
        <div
          className="watch-menu-backdrop"
          data-testid="watch-menu-backdrop"
          aria-hidden
          onClick={() => close(true)}
        />
      )}
      {open && (
        <div
          ref={list}
          className="watch-menu-list"
          role="menu"
          aria-label={name}
          tabIndex={-1}
          onKeyDown={move}
          data-layout={sheet ? 'sheet' : 'popup'}
          data-opens={opens}
          style={sheet || room === undefined ? undefined : { maxHeight: Math.max(80, room) }}
        >
          {sheet && (
            <div className="watch-menu-sheet-head">
              <span>{name}</span>
              {/* Escape closes it from the keyboard too; the arrows reach this as they do the choices. */}
              <button
                type="button"
                role="menuitem"
                tabIndex={-1}
                className="watch-menu-done"
                onClick={() => close(true)}
              >
                Done
              </button>
            </div>
          )}
          {groups.map((group) => (
            <fieldset key={group.label} className="watch-menu-group" aria-label={group.label}>
              <div className="watch-menu-label">{group.label}</div>
              {group.options.map((option) => (
                <button
                  key={option.key}
                  type="button"
                  role="menuitemradio"
                  aria-checked={option.checked}
                  className="watch-menu-item"
                  tabIndex={-1}
                  onClick={(event) => {
                    option.choose();
                    // A choice made with a key (detail 0) hands focus back to the menu's button.
                    close(event.detail === 0);
                  }}
                >
                  <span className="watch-menu-check">{option.checked && <IconCheck size={14} />}</span>
                  {option.label}
                </button>
              ))}
            </fieldset>
          ))}
        </div>
      )}
    </div>
  );
}
