import { type CSSVariablesResolver, createTheme, localStorageColorSchemeManager } from '@mantine/core';
import { PAGE_TRANSITION_MS } from '@screenroom/shared/constants';

const CALENDAR_LABELS = {
  previousMonth: 'Previous month',
  nextMonth: 'Next month',
  previousYear: 'Previous year',
  nextYear: 'Next year',
  previousDecade: 'Previous decade',
  nextDecade: 'Next decade',
  monthLevelControl: 'Choose the month',
  yearLevelControl: 'Choose the year',
};

/** A date picker's placeholder is its value ('No end date', 'Any time'): as readable as other small text. */
const DATE_PLACEHOLDER = { color: 'var(--mantine-color-dimmed)' };

export const theme = createTheme({
  primaryColor: 'violet',
  // White on violet 5 read 4.3:1 in the dark theme, under the 4.5:1 text needs; violet 6 reads 5:1.
  primaryShade: { light: 6, dark: 6 },
  defaultRadius: 'md',
  fontFamily: 'Inter Variable, Inter, system-ui, -apple-system, Segoe UI, Roboto, sans-serif',
  headings: { fontFamily: 'Inter Variable, Inter, system-ui, sans-serif', fontWeight: '650' },
  cursorType: 'pointer',
  components: {
    // A tooltip names icon-only controls: it shows on keyboard focus as on hover.
    Tooltip: {
      defaultProps: { withArrow: true, openDelay: 200, events: { hover: true, focus: true, touch: false } },
    },
    // The one-time code's boxes, named one by one for screen readers (each was called 'PinInput').
    PinInput: {
      defaultProps: { getInputProps: (index: number) => ({ 'aria-label': `Code digit ${index + 1}` }) },
    },
    // Date pickers' icon-only controls and time fields, named (they read as unnamed buttons and '--').
    DateTimePicker: {
      defaultProps: {
        ariaLabels: CALENDAR_LABELS,
        submitButtonProps: { 'aria-label': 'Confirm the date and time' },
        clearButtonProps: { 'aria-label': 'Clear the date' },
        timePickerProps: { hoursInputLabel: 'Hours', minutesInputLabel: 'Minutes' },
        // Closing the calendar gives focus back to its field (it fell to the page, and Escape then closed a
        // whole dialog with its unsaved form).
        popoverProps: { returnFocus: true },
      },
      styles: { placeholder: DATE_PLACEHOLDER },
    },
    DatePickerInput: {
      styles: { placeholder: DATE_PLACEHOLDER },
      defaultProps: {
        ariaLabels: CALENDAR_LABELS,
        clearButtonProps: { 'aria-label': 'Clear the dates' },
        popoverProps: { returnFocus: true },
      },
    },
    Card: { defaultProps: { withBorder: true } },
    // A checkbox's error in the same size as the fields' above it (it read 12 px under their 14 px).
    Checkbox: { styles: { error: { fontSize: 'var(--mantine-font-size-sm)' } } },
    // A badge is a word or two: it keeps them whole (in a crowded table row it was cut to 'AC…').
    Badge: { styles: { root: { flexShrink: 0, minWidth: 'max-content' } } },
    // Icon-only close buttons are named for screen readers. A dialog's header (its title and Close) is a
    // <header>, which Chrome exposes as a banner landmark inside the dialog: a second banner beside the
    // app's top bar, announced as the page's header. It is only a row of the dialog (role="none").
    Modal: {
      defaultProps: { closeButtonProps: { 'aria-label': 'Close' }, attributes: { header: { role: 'none' } } },
      // Every dialog's title reads the same, whatever it was given (a string or a node).
      styles: { title: { fontSize: 'var(--mantine-font-size-xl)', fontWeight: 650 } },
    },
    Drawer: {
      defaultProps: { closeButtonProps: { 'aria-label': 'Close' }, attributes: { header: { role: 'none' } } },
    },
    // A menu opens with focus on its first item (WAI-ARIA menu button). Mantine's stand-in before the items,
    // a focusable div with role="presentation", took focus instead and is not allowed inside role="menu".
    Menu: { defaultProps: { withInitialFocusPlaceholder: false } },
    // The current entry's second line keeps its full colour: at Mantine's 0.9 opacity it read 4.47:1 on
    // the light theme's violet (the replay's session list).
    NavLink: { styles: { description: { opacity: 1 } } },
  },
});

/**
 * Small secondary text and error messages need 4.5:1 against their background (WCAG AA). Mantine's dimmed
 * grey reads 3.3:1 on white (this one 5.4:1), and 4:1 on the dark page, 3.5:1 on dark cards, 4.3:1 on a
 * hovered row or the replay's current event (this one 4.8:1 there); its error red reads 3.3:1 on white
 * (red 9 reads 5.5:1) and 3:1 to 3.4:1 in the dark theme (red 4 reads 5.9:1 on cards).
 */
export const cssVariablesResolver: CSSVariablesResolver = () => ({
  // The spec's page transition, for global.css's `.page-enter`.
  variables: { '--page-transition': `${PAGE_TRANSITION_MS}ms` },
  light: {
    '--mantine-color-dimmed': '#646b73',
    '--mantine-color-error': 'var(--mantine-color-red-9)',
    // Coloured words (c="red", c="teal", c="yellow"): Mantine's shade 6 reads 1.9:1 to 3.3:1 on white.
    '--mantine-color-red-text': 'var(--mantine-color-red-9)',
    '--mantine-color-teal-text': '#066a4c',
    '--mantine-color-yellow-text': '#a34a00',
    // Light badges' words (status, log level), darker than Mantine's shade 9: 5.3:1 to 5.7:1, from 2.7:1 to 4.3:1.
    '--mantine-color-teal-light-color': '#066a4c',
    '--mantine-color-yellow-light-color': '#a34a00',
    '--mantine-color-orange-light-color': '#a63b0b',
    // Grey outline badges (the log entry's type and module) in the dimmed grey: 5.4:1, from 3.3:1.
    '--mantine-color-gray-outline': 'var(--mantine-color-dimmed)',
  },
  dark: {
    '--mantine-color-dimmed': '#aaaaaa',
    '--mantine-color-error': 'var(--mantine-color-red-4)',
    // Links in violet 3: violet 4 read 4:1 on dark cards (the viewers who stopped early); this 5.6:1.
    '--mantine-color-anchor': 'var(--mantine-color-violet-3)',
  },
});

/** Dark by default; the toggle's choice is kept in localStorage (read early by /color-scheme.js). */
export const colorSchemeManager = localStorageColorSchemeManager({ key: 'screenroom-color-scheme' });
