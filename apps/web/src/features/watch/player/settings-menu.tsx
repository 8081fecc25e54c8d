import { IconCheck, IconSettings } from '@tabler/icons-react';
import { useEffect, useRef, useState } from 'react';

export type MenuGroup = {
  label: string;
  options: { key: string; label: string; checked: boolean; choose: () => void }[];
};

/** The speed and quality menu: opens upwards inside the player (so it shows in fullscreen too). */
export function SettingsMenu({ summary, groups }: { summary: string; groups: MenuGroup[] }) {
  const [open, setOpen] = useState(false);
  const [maxHeight, setMaxHeight] = useState<number>();
  const root = useRef<HTMLDivElement>(null);

  /** The list opens upwards and the player clips what overflows it: at most the room above the button. */
  const toggle = () => {
    const player = root.current?.closest('.watch-player');
    if (!open && root.current && player) {
      const room = root.current.getBoundingClientRect().top - player.getBoundingClientRect().top - 16;
      setMaxHeight(Math.max(80, room));
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
        <div className="watch-menu-list" role="menu" style={{ maxHeight }}>
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
