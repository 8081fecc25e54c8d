import { THEMES, type Theme } from '@screenroom/shared/enums';

const KEY = 'screenroom.watch.themes';
/** Enough for the links one browser opens; the oldest are let go past it. */
const MAX_LINKS = 50;

/**
 * The link's place in the memory: a short hash, so this browser's storage keeps no working link (a
 * collision would only show another film's colours while loading).
 */
function linkKey(link: string) {
  let hash = 0x811c9dc5; // FNV-1a, 32 bits
  for (let i = 0; i < link.length; i++) {
    hash ^= link.charCodeAt(i);
    hash = Math.imul(hash, 0x01000193);
  }
  // Lettered, so the object keeps its keys in the order they were set (no integer-like keys).
  return `l${(hash >>> 0).toString(16).padStart(8, '0')}`;
}

function readAll(): Record<string, Theme> {
  try {
    const stored: unknown = JSON.parse(window.localStorage.getItem(KEY) ?? '{}');
    if (!stored || typeof stored !== 'object' || Array.isArray(stored)) return {};
    return Object.fromEntries(
      Object.entries(stored).filter((entry): entry is [string, Theme] => THEMES.includes(entry[1] as Theme)),
    );
  } catch {
    return {};
  }
}

function writeAll(themes: Record<string, Theme>) {
  try {
    const entries = Object.entries(themes);
    window.localStorage.setItem(KEY, JSON.stringify(Object.fromEntries(entries.slice(-MAX_LINKS))));
  } catch {
    // No storage (private mode, full): the next opening starts dark, as a first one does.
  }
}

/** The film's theme the last time this browser opened the link (token or anonymous code), if it did. */
export function rememberedTheme(link: string): Theme | undefined {
  return readAll()[linkKey(link)];
}

/** Remembers the film's theme for the link's next opening, as the most recent one. */
export function rememberTheme(link: string, theme: Theme) {
  const themes = readAll();
  const key = linkKey(link);
  if (themes[key] === theme && Object.keys(themes).at(-1) === key) return;
  delete themes[key];
  themes[key] = theme;
  writeAll(themes);
}

/** The link no longer tells its film (withdrawn, disabled, gone): its next opening starts dark again. */
export function forgetTheme(link: string) {
  const themes = readAll();
  const key = linkKey(link);
  if (!(key in themes)) return;
  delete themes[key];
  writeAll(themes);
}
