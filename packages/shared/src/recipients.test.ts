import { describe, expect, it } from 'vitest';
import { parseRecipients } from './recipients';

describe('parseRecipients', () => {
  it('reads pasted lists the way people paste them', () => {
    expect(
      parseRecipients('"Ana Lopez" <ANA@x.io>; bo@y.co,\n\n bo@y.co , ??').map((r) => [r.email, r.name]),
    ).toEqual([
      ['ana@x.io', 'Ana Lopez'],
      ['bo@y.co', null],
      [null, null],
    ]);
  });

  it('reads a long run of spaces (a regex took 2 s over it, blocking the server) and names with <', () => {
    expect(parseRecipients(`a${' '.repeat(19_990)}x`)).toEqual([
      { raw: `a${' '.repeat(19_990)}x`, email: null, name: null },
    ]);
    expect(parseRecipients('Ana <b> <ana@x.io>').map((r) => [r.email, r.name])).toEqual([
      ['ana@x.io', 'Ana <b>'],
    ]);
    // Contacts as mail programs copy them: the comma inside the quotes is part of the name.
    expect(
      parseRecipients('"García, Pedro" <pedro@sansebastian.test>, "Lin; Sarah" <sarah@x.io>').map((r) => [
        r.email,
        r.name,
      ]),
    ).toEqual([
      ['pedro@sansebastian.test', 'García, Pedro'],
      ['sarah@x.io', 'Lin; Sarah'],
    ]);
    // An unclosed quote keeps its line to itself.
    expect(parseRecipients('"Broken, a@x.io\nb@y.co').map((r) => r.email)).toEqual([null, 'b@y.co']);
  });
});
