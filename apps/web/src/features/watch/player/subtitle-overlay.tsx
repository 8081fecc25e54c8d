import { createElement, type ReactNode, useEffect, useMemo, useRef, useState } from 'react';
import { pictureArea, type Size } from './picture-area';
import { activeCues, type Cue, type CueNode, parseCueText } from './webvtt';

/** Text size as a share of the picture's height: readable on a phone, not overbearing in full screen. */
const TEXT_SHARE = 0.045;
const MIN_TEXT_PX = 14;
/** Above the picture's lower edge, as a share of its height. */
const MARGIN_SHARE = 0.05;

/** A cue's pieces as elements: only <i>, <b> and <u> ever become elements (parseCueText). */
const render = (nodes: CueNode[]): ReactNode[] =>
  nodes.map((node, index) =>
    typeof node === 'string'
      ? node
      : // The pieces of one cue never move: their place is their key.
        createElement(node.tag, { key: index }, render(node.children)),
  );

/** The cues showing, followed as the film plays (at the cue's own time where the browser times the track). */
function useShowing(video: HTMLVideoElement, cues: readonly Cue[], textTrack: TextTrack | undefined) {
  const [showing, setShowing] = useState<Cue[]>([]);
  useEffect(() => {
    const update = () =>
      setShowing((before) => {
        const now = activeCues(cues, video.currentTime);
        return now.length === before.length && now.every((cue, i) => cue === before[i]) ? before : now;
      });
    update();
    const events = ['timeupdate', 'seeked', 'loadedmetadata'];
    for (const name of events) video.addEventListener(name, update);
    textTrack?.addEventListener('cuechange', update);
    return () => {
      for (const name of events) video.removeEventListener(name, update);
      textTrack?.removeEventListener('cuechange', update);
    };
  }, [video, cues, textTrack]);
  return showing;
}

type Layout = { left: number; width: number; bottom: number; fontSize: number };

/**
 * Where the lines go: across the picture (the black bands left out, as for the watermark), near its
 * lower edge, or above the control bar while it shows, so it never covers them.
 */
function useLayout(picture: Size | null, controlsShown: boolean) {
  const ref = useRef<HTMLDivElement>(null);
  const [layout, setLayout] = useState<Layout>({ left: 0, width: 100, bottom: 16, fontSize: 18 });
  useEffect(() => {
    const player = ref.current?.parentElement;
    if (!player) return;
    const measure = () => {
      const height = player.clientHeight;
      const area = pictureArea({ width: player.clientWidth, height }, picture);
      const pictureHeight = (height * area.height) / 100;
      const band = (height * (100 - area.top - area.height)) / 100;
      const resting = band + pictureHeight * MARGIN_SHARE;
      const controls = player.querySelector<HTMLElement>('.watch-controls')?.offsetHeight ?? 0;
      setLayout({
        left: area.left,
        width: area.width,
        bottom: Math.round(controlsShown ? Math.max(resting, controls + 4) : resting),
        fontSize: Math.max(MIN_TEXT_PX, Math.round(pictureHeight * TEXT_SHARE)),
      });
    };
    measure();
    if (typeof ResizeObserver === 'undefined') return;
    const observer = new ResizeObserver(measure);
    observer.observe(player);
    return () => observer.disconnect();
  }, [picture, controlsShown]);
  return { ref, layout };
}

type Props = {
  video: HTMLVideoElement;
  cues: readonly Cue[];
  textTrack: TextTrack | undefined;
  picture: Size | null;
  controlsShown: boolean;
  /** Said in place of the lines, e.g. that the track could not be loaded. */
  note: string | null;
};

/**
 * The chosen track's lines, drawn by us inside the player (so they show in our full screen, over the
 * film's picture), as text and elements, never as HTML.
 */
export function SubtitleOverlay({ video, cues, textTrack, picture, controlsShown, note }: Props) {
  const showing = useShowing(video, cues, textTrack);
  // A cue's key is its place in the track: two cues may be alike (a file may say one line twice).
  const places = useMemo(() => new Map(cues.map((cue, index) => [cue, index])), [cues]);
  const { ref, layout } = useLayout(picture, controlsShown);
  return (
    <div
      ref={ref}
      className="watch-subtitles"
      data-testid="watch-subtitles"
      style={{
        left: `${layout.left}%`,
        width: `${layout.width}%`,
        bottom: layout.bottom,
        fontSize: layout.fontSize,
      }}
    >
      {/* Always there, so a note put into it is announced (one that comes with its words may not be). */}
      <div role="status">{note && <p className="watch-subtitle-note">{note}</p>}</div>
      {!note &&
        // `showing` catches up with new cues in an effect: lines of cues let go of are never drawn.
        showing
          .filter((cue) => places.has(cue))
          .map((cue) => (
            <div key={places.get(cue)} className="watch-subtitle-cue">
              <span>{render(parseCueText(cue.text))}</span>
            </div>
          ))}
    </div>
  );
}
