import { describe, expect, it } from 'vitest';
import { cueText, readSubtitleFile, SubtitleFileError, vttTime } from './subtitle-file';

describe('reading a subtitle file', () => {
  it('takes a WebVTT with a BOM as WebVTT, and an old align:middle as no setting rather than no file', async () => {
    const read = await readSubtitleFile(
      Buffer.from('\uFEFFWEBVTT\n\n00:00:01.000 --> 00:00:02.000 align:middle\nHi\n'),
    );
    expect(read).toEqual({ vtt: 'WEBVTT\n\n00:00:01.000 --> 00:00:02.000\nHi\n', cues: 1, lastCueEnd: 2 });
  });

  it('refuses text that only looks like a header, an empty file and a binary one', async () => {
    await expect(readSubtitleFile(Buffer.alloc(0))).rejects.toThrow(
      new SubtitleFileError('the file is empty'),
    );
    await expect(readSubtitleFile(Buffer.from([0xff, 0xd8, 0xff, 0x00, 0x10]))).rejects.toThrow(
      'this is not a text file',
    );
    await expect(readSubtitleFile(Buffer.from('WEBVTTX\n\nnothing timed\n'))).rejects.toThrow(
      'no timed lines found',
    );
  });

  it('writes times of any length as HH:MM:SS.mmm', () => {
    expect(vttTime(0)).toBe('00:00:00.000');
    expect(vttTime(3723.4567)).toBe('01:02:03.457');
    expect(vttTime(59.9996)).toBe('00:01:00.000');
  });

  it('keeps <i>, <b> and <u>, drops other tags, and leaves no blank line nor arrow in a cue', () => {
    expect(cueText('<I>one</I>\n\n  \n<font color="#fff">two</font> <c.yellow>three</c>', 'vtt')).toBe(
      '<i>one</i>\ntwo three',
    );
    expect(cueText('a --> b\n00:00:01.000 --> 00:00:02.000', 'vtt')).toBe(
      'a --&gt; b\n00:00:01.000 --&gt; 00:00:02.000',
    );
    expect(cueText('Tom & Jerry &amp; co < 3', 'srt')).toBe('Tom &amp; Jerry &amp; co &lt; 3');
    expect(cueText('X1:100 X2:600 Y1:20 Y2:50\n{\\an8}On top', 'srt')).toBe('On top');
  });

  it('reads a 1MB file of tiny cues in well under a second, not in time growing with the square of its lines', async () => {
    // ~27,000 cues of one letter: the file limit's worst case, read while the server answers no one else.
    let srt = '';
    for (let i = 0; srt.length < 1024 * 1024 - 64; i++)
      srt += `${i + 1}\n00:00:01,000 --> 00:00:02,000\na\n\n`;
    const started = performance.now();
    const read = await readSubtitleFile(Buffer.from(srt));
    const took = performance.now() - started;
    expect(read.cues).toBeGreaterThan(25_000);
    expect(took, `${Math.round(took)}ms`).toBeLessThan(1500);
  });

  it('reads a UTF-16 file with its byte order mark (as Windows Notepad saves "Unicode"), either way round', async () => {
    const srt = '1\r\n00:00:01,000 --> 00:00:02,000\r\nJ’ai dit « non »\r\n';
    const expected = {
      vtt: 'WEBVTT\n\n00:00:01.000 --> 00:00:02.000\nJ’ai dit « non »\n',
      cues: 1,
      lastCueEnd: 2,
    };
    const le = Buffer.concat([Buffer.from([0xff, 0xfe]), Buffer.from(srt, 'utf16le')]);
    expect(await readSubtitleFile(le)).toEqual(expected);
    const be = Buffer.from(le).swap16();
    expect(be.subarray(0, 2)).toEqual(Buffer.from([0xfe, 0xff]));
    expect(await readSubtitleFile(be)).toEqual(expected);
  });

  it('keeps what character references mean (&quot;, &#39;), not their spelling, and never a line break from one', async () => {
    const read = await readSubtitleFile(
      Buffer.from(
        'WEBVTT\n\n00:00:01.000 --> 00:00:02.000\nIt&#39;s &quot;fine&quot; &#x263A; &amp; &lt;b&gt; &#60;i&#62;\n&#10;&#10;00:00:05.000 &#45;&#45;&gt; 00:00:06.000\n',
      ),
    );
    expect(read.vtt).toBe(
      'WEBVTT\n\n00:00:01.000 --> 00:00:02.000\nIt\'s "fine" \u263A &amp; &lt;b&gt; &lt;i&gt;\n&amp;#10;&amp;#10;00:00:05.000 --&gt; 00:00:06.000\n',
    );
    expect(read.cues).toBe(1);
  });

  it('starts a new cue at every timing line, as browsers do, though the blank line before it is missing or holds spaces', async () => {
    const srt = [
      '1',
      '00:00:01,000 --> 00:00:02,000',
      'One --> two',
      ' ', // a "blank" line holding a space
      '2',
      '00:00:03,000 --> 00:00:04,000',
      'Three',
      '3', // no blank line at all
      '00:00:05,000-->00:00:06,000', // nor spaces around the arrow
      'Five',
      '00:00:07,000 --> 00:00:08,000', // nor a number
      'Seven',
      '',
    ].join('\r\n');
    expect(await readSubtitleFile(Buffer.from(srt))).toEqual({
      vtt: 'WEBVTT\n\n00:00:01.000 --> 00:00:02.000\nOne --&gt; two\n\n00:00:03.000 --> 00:00:04.000\nThree\n\n00:00:05.000 --> 00:00:06.000\nFive\n\n00:00:07.000 --> 00:00:08.000\nSeven\n',
      cues: 4,
      lastCueEnd: 8,
    });
    const vtt =
      'WEBVTT\n\n00:00:01.000 --> 00:00:02.000\nOne\n\t\n00:00:03.000 --> 00:00:04.000 line:0\nTwo\n00:00:05.000 --> 00:00:06.000\nThree\n';
    expect((await readSubtitleFile(Buffer.from(vtt))).vtt).toBe(
      'WEBVTT\n\n00:00:01.000 --> 00:00:02.000\nOne\n\n00:00:03.000 --> 00:00:04.000 line:0\nTwo\n\n00:00:05.000 --> 00:00:06.000\nThree\n',
    );
  });

  it('names the line of the file that holds a bad time, counted as the presenter’s editor counts them', async () => {
    const srt =
      '1\n00:00:01,000 --> 00:00:02,000\nOne\n2\n00:00:03,000 --> 00:00:04,000\nTwo\n\n3\n00:00:0x,000 --> 00:00:06,000\nThree\n';
    await expect(readSubtitleFile(Buffer.from(srt))).rejects.toThrow('line 9: a time is not valid');
  });

  it('reads UTF-16 without a byte order mark too, by where its zero bytes fall', async () => {
    const srt = '1\n00:00:01,000 --> 00:00:02,000\nÇa va ?\n';
    const expected = { vtt: 'WEBVTT\n\n00:00:01.000 --> 00:00:02.000\nÇa va ?\n', cues: 1, lastCueEnd: 2 };
    const le = Buffer.from(srt, 'utf16le');
    expect(await readSubtitleFile(le)).toEqual(expected);
    expect(await readSubtitleFile(Buffer.from(le).swap16())).toEqual(expected);
    // A NUL character is no text, whatever the encoding.
    await expect(readSubtitleFile(Buffer.concat([le, Buffer.alloc(2)]))).rejects.toThrow(
      'this is not a text file',
    );
  });
});
