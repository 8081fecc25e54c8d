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

  it('keeps what character references mean (&quot;, &#39;, &#150;), not their spelling, and a line break from one as a reference', async () => {
    const read = await readSubtitleFile(
      Buffer.from(
        'WEBVTT\n\n00:00:01.000 --> 00:00:02.000\nIt&#39;s &quot;fine&quot; &#x263A; &amp; &lt;b&gt; &#60;i&#62; &#150;\n&#10;&#13;&#10;00:00:05.000 &#45;&#45;&gt; 00:00:06.000\n',
      ),
    );
    // The player reads &#10; as the line break it is; written out, it would end the cue or fake a timing line.
    expect(read.vtt).toBe(
      'WEBVTT\n\n00:00:01.000 --> 00:00:02.000\nIt\'s "fine" \u263A &amp; &lt;b&gt; &lt;i&gt; \u2013\n&#10;&#13;&#10;00:00:05.000 --&gt; 00:00:06.000\n',
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

  it('keeps the cue settings that place a line (line, position, align, size) and drops the ones not valid', async () => {
    const vtt = [
      'WEBVTT',
      '',
      '00:00:01.000 --> 00:00:02.000 line:0 position:10% align:left',
      'Top left',
      '',
      '00:00:03.000 --> 00:00:04.000 line:10% align:start',
      'Near the top',
      '',
      '00:00:05.000 --> 00:00:06.000 line:-1 position:90%,line-right size:50% align:end',
      'Bottom right',
      '',
      '00:00:07.000 --> 00:00:08.000 line:abc position:150% align:bogus size:-4% vertical:x line:50%,center',
      'Middle, the rest dropped',
      '',
      '00:00:09.000 --> 00:00:10.000 line:101% position:-5%',
      'Nowhere valid',
      '',
    ].join('\n');
    expect((await readSubtitleFile(Buffer.from(vtt))).vtt).toBe(
      [
        'WEBVTT',
        '',
        '00:00:01.000 --> 00:00:02.000 line:0 position:10% align:left',
        'Top left',
        '',
        '00:00:03.000 --> 00:00:04.000 line:10% align:start',
        'Near the top',
        '',
        '00:00:05.000 --> 00:00:06.000 line:-1 position:90%,line-right size:50% align:end',
        'Bottom right',
        '',
        '00:00:07.000 --> 00:00:08.000 line:50%,center',
        'Middle, the rest dropped',
        '',
        '00:00:09.000 --> 00:00:10.000',
        'Nowhere valid',
        '',
      ].join('\n'),
    );
  });

  it('turns SubRip’s {\\an…} placement into WebVTT settings, so a sign placed at the top stays there', async () => {
    const srt = [
      ['{\\an8}TOP CENTRE', '{\\an7}Top left', '{\\an9}Top right'],
      ['{\\an1}Bottom left', '{\\an2}Bottom centre', '{\\an3}Bottom right'],
      ['{\\an4}Middle left', '{\\an5}Middle', '{\\an6}Middle right'],
      ['{\\pos(10,20)\\an8}{\\b1}Sign with other tags', 'Plain {\\i1}line'],
    ]
      .flat()
      .map((text, i) => `${i + 1}\n00:00:${pad(i)},000 --> 00:00:${pad(i)},500\n${text}\n`)
      .join('\n');
    const settings = (await readSubtitleFile(Buffer.from(srt))).vtt
      .split('\n\n')
      .slice(1)
      .map((block) => {
        const [timing, text] = block.trim().split('\n');
        return `${timing!.slice('00:00:00.000 --> 00:00:00.500'.length)} | ${text}`.trim();
      });
    expect(settings).toEqual([
      'line:0 | TOP CENTRE',
      'line:0 align:left | Top left',
      'line:0 align:right | Top right',
      'align:left | Bottom left',
      '| Bottom centre',
      'align:right | Bottom right',
      'line:50%,center align:left | Middle left',
      'line:50%,center | Middle',
      'line:50%,center align:right | Middle right',
      'line:0 | Sign with other tags',
      '| Plain line',
    ]);
  });

  it('reads {\\an…} in a WebVTT converted from SubRip as its placement too, unless the cue places itself', async () => {
    const vtt = [
      'WEBVTT',
      '',
      '00:00:01.000 --> 00:00:02.000',
      '{\\an8}CAFÉ DU PORT',
      '',
      '00:00:03.000 --> 00:00:04.000 line:90%',
      '{\\an8}Its own setting wins',
      '',
    ].join('\n');
    expect((await readSubtitleFile(Buffer.from(vtt))).vtt).toBe(
      [
        'WEBVTT',
        '',
        '00:00:01.000 --> 00:00:02.000 line:0',
        'CAFÉ DU PORT',
        '',
        '00:00:03.000 --> 00:00:04.000 line:90%',
        'Its own setting wins',
        '',
      ].join('\n'),
    );
  });

  it('closes <i>, <b> and <u> left open at the end of their cue, and drops closing tags that close nothing', async () => {
    expect(cueText('<i>Left open\nstill italic', 'srt')).toBe('<i>Left open\nstill italic</i>');
    expect(cueText('<b><i>both</b> not bold</i>', 'vtt')).toBe('<b><i>both</i></b> not bold');
    expect(cueText('stray</u> </I>end', 'srt')).toBe('stray end');
    expect(cueText('<u>one</u> <u>two', 'srt')).toBe('<u>one</u> <u>two</u>');
    const read = await readSubtitleFile(Buffer.from('1\n00:00:01,000 --> 00:00:02,000\n<i>Unclosed\n\n'));
    expect(read.vtt).toBe('WEBVTT\n\n00:00:01.000 --> 00:00:02.000\n<i>Unclosed</i>\n');
  });
});

const pad = (n: number) => String(n).padStart(2, '0');
