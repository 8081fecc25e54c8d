import { existsSync } from 'node:fs';
import { mkdir, rename } from 'node:fs/promises';
import { createRequire } from 'node:module';
import path from 'node:path';
import { vttTime } from './subtitle-file';
import { type MediaTools, runTool } from './tools';

const require = createRequire(import.meta.url);
const FONT = path.join(
  path.dirname(require.resolve('dejavu-fonts-ttf/package.json')),
  'ttf',
  'DejaVuSans-Bold.ttf',
);
const FONT_LIGHT = path.join(path.dirname(FONT), 'DejaVuSans.ttf');

/** drawtext needs `:` and `'` escaped inside its option values. */
const text = (s: string) => s.replace(/\\/g, '\\\\').replace(/:/g, '\\:').replace(/'/g, "\\'");

/** The title card takes up to 6 s, never more than half of a short (test) film. */
const titleSeconds = (seconds: number) => Math.min(6, Math.floor(seconds / 2));

/**
 * The sample film a new presenter can share at once: a title card, then a moving picture (Conway's game
 * of life in the brand colours) with a running timecode, over a tone that changes pitch every 10 s, so a
 * viewer's seeks are visible and audible. 1280x720, 24 fps, about a minute.
 */
export function sampleFilmArguments(output: string, seconds = 60) {
  const title = titleSeconds(seconds);
  const filter = [
    `color=c=0x16141f:s=1280x720:r=24:d=${title},`,
    `drawtext=fontfile='${FONT}':text='${text('A Screenroom sample')}':fontcolor=white:fontsize=68:x=(w-tw)/2:y=(h/2)-90,`,
    `drawtext=fontfile='${FONT_LIGHT}':text='${text('Share it with a link per viewer, then watch each session.')}':fontcolor=0xb8b2d8:fontsize=30:x=(w-tw)/2:y=(h/2)+10,`,
    `fade=t=in:st=0:d=1,fade=t=out:st=${title - 1}:d=1[titlecard];`,
    `life=s=320x180:r=24:mold=8:ratio=0.12:life_color=0x9775fa:death_color=0x16141f:mold_color=0x2a2250,`,
    `scale=1280:720:flags=neighbor,trim=duration=${seconds - title},setpts=PTS-STARTPTS,`,
    `drawtext=fontfile='${FONT}':text='%{eif\\:(t+${title})/60\\:d\\:2}\\:%{eif\\:mod(t+${title}\\,60)\\:d\\:2}':fontcolor=white:fontsize=40:x=w-tw-40:y=h-th-32:box=1:boxcolor=0x00000088:boxborderw=12,`,
    `drawtext=fontfile='${FONT_LIGHT}':text='Screenroom sample':fontcolor=0xffffffaa:fontsize=24:x=40:y=h-th-40[movie];`,
    '[titlecard][movie]concat=n=2:v=1:a=0[v]',
  ].join('');
  const tone = `aevalsrc='0.18*sin(2*PI*(220+55*floor(t/10))*t)':s=48000:d=${seconds}`;
  return [
    '-hide_banner',
    '-nostdin',
    '-y',
    '-f',
    'lavfi',
    '-i',
    tone,
    '-filter_complex',
    filter,
    '-map',
    '[v]',
    '-map',
    '0:a',
    '-c:v',
    'libx264',
    '-preset',
    'veryfast',
    '-crf',
    '20',
    '-pix_fmt',
    'yuv420p',
    '-c:a',
    'aac',
    '-b:a',
    '128k',
    '-t',
    String(seconds),
    '-movflags',
    '+faststart',
    output,
  ];
}

/**
 * The sample film's English subtitles (WebVTT), timed to what `sampleFilmArguments` draws: the title
 * card, then the picture with its running time and its tone that rises every 10 s. One cue is a sign
 * placed at the top (`line:0`), to show placement. Cues past a short (test) film are cut off, so the
 * track never looks made for another cut.
 */
export function sampleSubtitles(seconds = 60) {
  const title = titleSeconds(seconds);
  const cues: [start: number, end: number, text: string, settings?: string][] = [
    [
      0.5,
      Math.max(1, title - 0.5),
      'A Screenroom sample: share it with a link per viewer,\nthen watch each session.',
    ],
    [title, title + 4, '[Sign: Screenroom sample]', 'line:0'],
    [title + 4, 20, 'The clock at the bottom right is the film’s own time:\nseek, and it jumps with you.'],
    [20, 30, '♪ The tone rises every ten seconds, so a seek is heard too ♪'],
    [30, 40, 'These are subtitles like any you add to a film.\nTurn them off with CC, or press c.'],
    [40, 50, 'Remove this track, or add your own, on the film’s page.'],
    [50, seconds - 0.5, 'Each viewer’s session shows how far they watched.'],
  ];
  const kept = cues
    .filter(([start, end]) => start < seconds && end > start)
    .map(([start, end, words, settings]) => {
      const timing = `${vttTime(start)} --> ${vttTime(Math.min(end, seconds))}`;
      return `${settings ? `${timing} ${settings}` : timing}\n${words}`;
    });
  return `WEBVTT\n\n${kept.join('\n\n')}\n`;
}

const inFlight = new Map<string, Promise<string>>();

/** Makes the sample film once (kept in `dir`) and returns its path; concurrent callers share one run. */
export function ensureSampleFilm(tools: MediaTools, dir: string, seconds = 60) {
  const file = path.join(dir, `sample-${seconds}s-v2.mp4`);
  if (existsSync(file)) return Promise.resolve(file);
  let making = inFlight.get(file);
  if (!making) {
    making = (async () => {
      await mkdir(dir, { recursive: true });
      const partial = `${file}.${process.pid}.partial.mp4`;
      await runTool(tools.ffmpeg, sampleFilmArguments(partial, seconds));
      await rename(partial, file);
      return file;
    })().finally(() => inFlight.delete(file));
    inFlight.set(file, making);
  }
  return making;
}
