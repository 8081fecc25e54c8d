import { describe, expect, it } from 'vitest';
import { decodeCharacterReferences } from './webvtt-references';

describe('decodeCharacterReferences', () => {
  it('reads the named references of a subtitle line, whatever their case, and leaves unknown ones as written', () => {
    expect(decodeCharacterReferences('Tom &amp; Jerry &LT;3 &quot;hi&quot; &apos;a&nbsp;b')).toBe(
      'Tom & Jerry <3 "hi" \'a\u00a0b',
    );
    expect(decodeCharacterReferences('&lrm;&rlm; &copy; &amp &;')).toBe('\u200e\u200f &copy; &amp &;');
  });

  it('reads decimal and hex references of any length, as HTML does', () => {
    expect(decodeCharacterReferences('&#39;&#x263A;&#X263a;&#00000065;&#x1F600;')).toBe("'\u263A\u263AA😀");
  });

  it('reads a reference to nothing, to half a surrogate pair or past Unicode as the replacement character', () => {
    expect(decodeCharacterReferences('&#0;&#xD800;&#xdfff;&#x110000;&#99999999999999999999;')).toBe(
      '\uFFFD'.repeat(5),
    );
  });

  it('reads 128 to 159 as windows-1252 does, and other control characters as they are', () => {
    expect(decodeCharacterReferences('&#150;&#x85;&#128;&#x9f;')).toBe('\u2013\u2026\u20ac\u0178');
    expect(decodeCharacterReferences('&#129;&#10;&#x9;&#27;')).toBe('\u0081\n\t\u001b');
  });
});
