import { type UseMediaQueryOptions, useMediaQuery } from '@mantine/hooks';

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

/**
 * Whether the screen is a small phone's (30em, 480 px, and under, below Mantine's breakpoints), where a
 * dialog's or a card's row of controls no longer fits. Read in an effect unless `getInitialValueInEffect`
 * is false.
 */
export function useSmallPhone(options?: UseMediaQueryOptions) {
  return useMediaQuery('(max-width: 30em)', undefined, options);
}
