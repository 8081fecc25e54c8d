import { useMediaQuery } from '@mantine/hooks';

/**
 * Whether the screen is phone-sized (Mantine's `sm` breakpoint and below), read on the first render so a
 * phone never draws the desktop table first.
 */
export function usePhone() {
  return useMediaQuery('(max-width: 48em)', undefined, { getInitialValueInEffect: false });
}
