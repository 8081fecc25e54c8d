import { createTheme, localStorageColorSchemeManager } from '@mantine/core';

export const theme = createTheme({
  primaryColor: 'violet',
  primaryShade: { light: 6, dark: 5 },
  defaultRadius: 'md',
  fontFamily: 'Inter Variable, Inter, system-ui, -apple-system, Segoe UI, Roboto, sans-serif',
  headings: { fontFamily: 'Inter Variable, Inter, system-ui, sans-serif', fontWeight: '650' },
  cursorType: 'pointer',
  components: {
    Tooltip: { defaultProps: { withArrow: true, openDelay: 200 } },
    Card: { defaultProps: { withBorder: true } },
  },
});

/** Dark by default; the toggle's choice is kept in localStorage (read early by /color-scheme.js). */
export const colorSchemeManager = localStorageColorSchemeManager({ key: 'screenroom-color-scheme' });
