import { Text } from '@mantine/core';
import { useMediaQuery } from '@mantine/hooks';

/**
 * The upload zone's invitation, in the words of the screen it is on: a phone or tablet neither drops
 * files nor clicks, so there it says to tap.
 */
export function ChooseFilmHeading({ disabled }: { disabled: boolean }) {
  const touch = useMediaQuery('(pointer: coarse)', undefined, { getInitialValueInEffect: false });
  const words = disabled
    ? 'No room for another film on your plan'
    : touch
      ? 'Tap to choose your film'
      : 'Drop your film here, or click to choose it';
  return (
    <Text fw={600} ta="center" data-testid="choose-film-heading">
      {words}
    </Text>
  );
}
