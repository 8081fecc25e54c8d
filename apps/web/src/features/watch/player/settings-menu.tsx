import { IconCheck, IconSettings } from '@tabler/icons-react';
import { useEffect, useRef, useState } from 'react';

export type MenuGroup = {
  label: string;
  options: { key: string; label: string; checked: boolean; choose: () => void }[];
};

/**
 * On a phone-sized or touch screen with less than this much room above the button (a phone held
 * upright), the menu is a sheet at the bottom of the screen. Elsewhere it stays by its button.
 */
const SHEET_BELOW_PX = 240;
const sheetScreen = () => window.matchMedia('(max-width: 640px), (pointer: coarse)').matches;

/**
 * The speed and quality menu: opens upwards inside the player (so it shows in fullscreen too), or, where
 * the picture is too short for it, as a sheet along the bottom of the screen with its groups side by side.
 */
export function SettingsMenu({ summary, groups }: { summary: string; groups: MenuGroup[] }) {
  const [open, setOpen] = useState(false);
  const [room, setRoom] = useState<number>();
  const [sheet, setSheet] = useState(false);
  const root = useRef<HTMLDivElement>(null);

  /** The list opens upwards and the player clips what overflows it: at most the room above the button. */
  const toggle = () => {
    const player = root.current?.closest('.watch-player');
    if (!open && root.current && player) {
      const above = root.current.getBoundingClientRect().top - player.getBoundingClientRect().top - 16;
      setRoom(above);
      setSheet(above < SHEET_BELOW_PX && sheetScreen());
    }
    setOpen((o) => !o);
  };

  useEffect(() => {
    if (!open) return;
    const close = (event: Event) => {
      if (
        event instanceof KeyboardEvent
          ? event.key === 'Escape'
          : !root.current?.contains(event.target as Node)
      ) {
        setOpen(false);
      }
    };
    document.addEventListener('pointerdown', close);
    document.addEventListener('keydown', close);
    return () => {
      document.removeEventListener('pointerdown', close);
      document.removeEventListener('keydown', close);
    };
  }, [open]);

  return (
    <div className="watch-menu" ref={root}>
      <button
        type="button"
        className="watch-menu-button"
        aria-haspopup="menu"
        aria-expanded={open}
        aria-label="Speed and quality"
        onClick={toggle}
      >
        <IconSettings size={18} />
        <span>{summary}</span>
      </button>
      {open && (
        <div
          className="watch-menu-list"
          role="menu"
          data-layout={sheet ? 'sheet' : 'popup'}
          style={sheet || room === undefined ? undefined : { maxHeight: Math.max(80, room) }}
        >
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
                  onClick={() => {
                    option.choose();
                    setOpen(false);
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
