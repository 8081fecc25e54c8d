import { expect, it } from 'vitest';
import { activeCues, parseCueText, parseWebVtt } from './webvtt';

const FILE = `WEBVTT

NOTE a comment --> not a cue

1
00:00:01.000 --> 00:00:03.500 line:90%
Hello,
world

01:02.250 --> 01:04.000
<v Ana>Short stamps</v>
`;

it('reads the timed lines of a WebVTT file, with or without hours and with their place, ignoring notes', () => {
  expect(parseWebVtt(FILE)).toEqual([
    {
      start: 1,
      end: 3.5,
      text: 'Hello,\nworld',
      place: { line: { value: 90, percent: true }, align: 'center' },
    },
    { start: 62.25, end: 64, text: '<v Ana>Short stamps</v>' },
  ]);
  expect(activeCues(parseWebVtt(FILE), 3.5)).toEqual([]);
  expect(activeCues(parseWebVtt(FILE), 2).map((c) => c.start)).toEqual([1]);
});

it('keeps italic, bold and underline and drops every other tag, keeping its text', () => {
  expect(parseCueText('<i>Quiet</i> &amp; <b><u>loud</u></b>')).toEqual([
    { tag: 'i', children: ['Quiet'] },
    ' & ',
    { tag: 'b', children: [{ tag: 'u', children: ['loud'] }] },
  ]);
  expect(parseCueText('<script>alert(1)</script><img src=x onerror=alert(2)>x &lt;y&gt;')).toEqual([
    'alert(1)',
    'x <y>',
  ]);
  expect(parseCueText('<c.yellow>a</c> < b')).toEqual(['a', ' < b']);
});

it('reads character references as WebVTT does: 128 to 159 as windows-1252, nothing or half a pair as U+FFFD', () => {
  expect(parseCueText('&#150; &#x85; &#0;&#xD800; &#10; &unknown;')).toEqual([
    '\u2013 \u2026 \uFFFD\uFFFD \n &unknown;',
  ]);
});
