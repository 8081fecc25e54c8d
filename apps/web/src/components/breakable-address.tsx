import { Fragment } from 'react';

/**
 * An e-mail address that, short of room, wraps after its @ or a dot ("thierry.programmer@" over
 * "festival.test") rather than inside a word ("festival.te" over "st").
 */
export function BreakableAddress({ text }: { text: string }) {
  let offset = 0;
  return text.split(/(?<=[@.])/).map((part) => {
    const at = offset;
    offset += part.length;
    return (
      <Fragment key={at}>
        {at > 0 && <wbr />}
        {part}
      </Fragment>
    );
  });
}
