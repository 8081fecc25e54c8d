import { useMediaQuery } from '@mantine/hooks';

/**
 * Whether the screen is phone-sized (Mantine's `sm` breakpoint and below), read on the first render so a
 * phone never draws the desktop table first.
 */
export function usePhone() {
  return useMediaQuery('(max-width: 48em)', undefined, { getInitialValueInEffect: false });
}

/**
 * Whether the screen is a tablet's or narrower (Mantine's `md` breakpoint and below): a tablet held upright
 * has about 700 px beside the side rail, where a wide table shows half its columns.
 */
export function useTabletOrNarrower() {
  return useMediaQuery('(max-width: 62em)', undefined, { getInitialValueInEffect: false });
}
