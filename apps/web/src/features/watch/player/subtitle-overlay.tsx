import {
  type CSSProperties,
  createElement,
  memo,
  type ReactNode,
  useEffect,
  useLayoutEffect,
  useMemo,
  useRef,
  useState,
} from 'react';
import { baseDirection, type CueBox, type CueVertical, cueBox } from './cue-placement';
import { separate } from './cue-stacking';
import { type Area, pictureArea, type Size, WHOLE_BOX } from './picture-area';
import { activeCues, type Cue, type CueNode, parseCueText } from './webvtt';

/** Text size as a share of the picture's height: readable on a phone, not overbearing in full screen. */
const TEXT_SHARE = 0.045;
const MIN_TEXT_PX = 14;
/** Inside the picture's upper and lower edges, as a share of its height. */
const MARGIN_SHARE = 0.05;
/** A line's height, in em (as the stylesheet sets it): a cue's `line:2` stands two of them down. */
const LINE_HEIGHT = 1.3;
/** Between cues moved apart, in em (as the stylesheet's gap between the cues of one lane). */
const GAP = 0.15;

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

type Layout = {
  /** The picture's place in the player, in percent of it. */
  area: Area;
  /** How far above the picture's lower edge the lowest lines stand: over the control bar while it shows. */
  lift: number;
  /** How far below the picture's upper edge the highest lines stand. */
  inset: number;
  fontSize: number;
};

/**
 * Where the lines may go: over the picture (the black bands left out, as for the watermark), a little
 * inside its edges, the lowest ones above the control bar while it shows, so they never cover it.
 */
function useLayout(picture: Size | null, controlsShown: boolean) {
  const ref = useRef<HTMLDivElement>(null);
  const [layout, setLayout] = useState<Layout>({ area: WHOLE_BOX, lift: 16, inset: 16, fontSize: 18 });
  useEffect(() => {
    const player = ref.current?.parentElement;
    if (!player) return;
    const measure = () => {
      const height = player.clientHeight;
      const area = pictureArea({ width: player.clientWidth, height }, picture);
      const pictureHeight = (height * area.height) / 100;
      const band = (height * (100 - area.top - area.height)) / 100;
      const margin = pictureHeight * MARGIN_SHARE;
      const controls = player.querySelector<HTMLElement>('.watch-controls')?.offsetHeight ?? 0;
      // A new object even when nothing moved: the player's size may have changed how cues wrap, and
      // each render places them apart again.
      setLayout({
        area,
        lift: Math.round(controlsShown ? Math.max(margin, controls + 4 - band) : margin),
        inset: Math.round(margin),
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

/** One cue's lines, across the picture as its box says. */
function CueLines({ cue, box }: { cue: Cue; box: CueBox }) {
  return (
    <div
      className="watch-subtitle-cue"
      dir={box.direction}
      style={{ marginLeft: `${box.left}%`, marginRight: `${box.right}%`, textAlign: box.textAlign }}
    >
      <span>{render(parseCueText(cue.text))}</span>
    </div>
  );
}

/** The room above and below a cue placed apart, so it stands where its line says and never past the picture. */
function spacers(vertical: CueVertical): [CSSProperties, CSSProperties] {
  const lines = (n: number) => `calc(${n} * ${LINE_HEIGHT}em)`;
  // A spacer with a basis shrinks when the picture has less room than it asks: the cue stays inside.
  if (vertical.from === 'top') return [{ flex: `0 1 ${lines(vertical.lines)}` }, { flex: '1 1 0' }];
  if (vertical.from === 'bottom') return [{ flex: '1 1 0' }, { flex: `0 1 ${lines(vertical.lines)}` }];
  // Its top (or middle, moved up by half its height) at that share of the picture, or its bottom.
  const share = `${vertical.share * 100}%`;
  if (vertical.align === 'end') return [{ flex: '1 1 0' }, { flex: `0 1 calc(100% - ${share})` }];
  return [{ flex: `0 1 ${share}` }, { flex: '1 1 0' }];
}

/**
 * The cues placed apart, in lanes: cues on the same line share one, one under the other, as WebVTT moves a
 * cue off one already there (two `{\an8}` lines of a SubRip file showing at once would cover each other).
 * Lanes come in the order they are moved apart: from the bottom up, then from the top down, then the rest.
 */
function lanesOf<T extends { box: CueBox }>(drawn: readonly T[]): T[][] {
  const lanes = new Map<string, T[]>();
  for (const item of drawn) {
    const key = JSON.stringify(item.box.vertical);
    lanes.set(key, [...(lanes.get(key) ?? []), item]);
  }
  const rank = ({ vertical }: CueBox) =>
    vertical.from === 'bottom' ? vertical.lines : vertical.from === 'top' ? 1000 + vertical.lines : 2000;
  return [...lanes.values()].sort((a, b) => rank(a[0]!.box) - rank(b[0]!.box));
}

/** Which way a lane is moved off another: away from the edge its line counts from. */
const movesOf = (vertical: CueVertical) =>
  vertical.from === 'top' || (vertical.from === 'share' && vertical.share < 0.5) ? 'down' : 'up';

/** An element's top in the overlay as laid out, the `translate` given it here left out. */
const topIn = (overlay: HTMLElement, element: HTMLElement) =>
  element.getBoundingClientRect().top -
  overlay.getBoundingClientRect().top -
  Number(element.dataset.shift ?? 0);

/**
 * After layout, the lanes are moved apart so no cue covers another, all inside the picture and above the
 * control bar while it shows: the bottom stack stays, each lane after it is moved off the ones before.
 * The stack's lower edge is the room's, so a lift still sliding (its transition) moves them all alike.
 */
function placeApart(overlay: HTMLElement, inset: number, gap: number) {
  const stack = overlay.querySelector<HTMLElement>('.watch-subtitle-stack');
  if (!stack) return;
  const lanes = [...overlay.querySelectorAll<HTMLElement>('.watch-subtitle-group')];
  const moved = stack.querySelector('.watch-subtitle-cue') ? [stack, ...lanes] : lanes;
  const spans = moved.map((element) => ({
    top: topIn(overlay, element),
    height: element.offsetHeight,
    moves: element.dataset.moves === 'down' ? ('down' as const) : ('up' as const),
  }));
  const room = { top: inset, bottom: topIn(overlay, stack) + stack.offsetHeight };
  separate(spans, room, gap, { top: 0, bottom: overlay.clientHeight }).forEach((offset, index) => {
    const element = moved[index]!;
    element.dataset.shift = String(offset ?? 0);
    element.style.translate = offset ? `0 ${offset}px` : '';
    element.style.visibility = offset === null ? 'hidden' : '';
  });
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
/**
 * Memoised: the player renders on every time update, and none of these props changes with it; the
 * overlay follows the film's time itself (useShowing) and so skips the player's renders and their
 * layout reads.
 */
export const SubtitleOverlay = memo(function SubtitleOverlay({
  video,
  cues,
  textTrack,
  picture,
  controlsShown,
  note,
}: Props) {
  const showing = useShowing(video, cues, textTrack);
  // A cue's key is its place in the track: two cues may be alike (a file may say one line twice).
  const places = useMemo(() => new Map(cues.map((cue, index) => [cue, index])), [cues]);
  const { ref, layout } = useLayout(picture, controlsShown);
  const drawn = showing
    .filter((cue) => places.has(cue))
    .map((cue) => ({ cue, box: cueBox(cue.place, baseDirection(cue.text)) }));
  // With the others at the bottom: cues with no line, or the last line; each other cue stands apart.
  const atBottom = (box: CueBox) => box.vertical.from === 'bottom' && box.vertical.lines === 0;
  const { area, lift, inset } = layout;
  // Every render, when a lift has slid into place, and when a web font arrives (lines change height):
  // the cues' boxes are known only after layout.
  useLayoutEffect(() => {
    const overlay = ref.current;
    if (!overlay) return;
    const place = () => placeApart(overlay, inset, layout.fontSize * GAP);
    place();
    const fonts = document.fonts as FontFaceSet | undefined;
    overlay.addEventListener('transitionend', place);
    fonts?.addEventListener('loadingdone', place);
    return () => {
      overlay.removeEventListener('transitionend', place);
      fonts?.removeEventListener('loadingdone', place);
    };
  });
  return (
    <div
      ref={ref}
      className="watch-subtitles"
      data-testid="watch-subtitles"
      style={{
        left: `${area.left}%`,
        top: `${area.top}%`,
        width: `${area.width}%`,
        height: `${area.height}%`,
        fontSize: layout.fontSize,
      }}
    >
      {/* `showing` catches up with new cues in an effect: lines of cues let go of are never drawn. */}
      {!note &&
        lanesOf(drawn.filter(({ box }) => !atBottom(box))).map((lane) => {
          const { vertical } = lane[0]!.box;
          const [above, below] = spacers(vertical);
          // A percentage is of the picture's whole height; the cues are then moved inside its margins.
          const span = vertical.from === 'share' ? { top: 0, bottom: 0 } : { top: inset, bottom: lift };
          const middle = vertical.from === 'share' && vertical.align === 'center';
          return (
            <div
              key={places.get(lane[0]!.cue)}
              className="watch-subtitle-lane"
              data-from={vertical.from}
              style={span}
            >
              <div style={above} />
              <div
                className="watch-subtitle-group"
                data-moves={movesOf(vertical)}
                style={middle ? { transform: 'translateY(-50%)' } : undefined}
              >
                {lane.map(({ cue, box }) => (
                  <CueLines key={places.get(cue)} cue={cue} box={box} />
                ))}
              </div>
              <div style={below} />
            </div>
          );
        })}
      <div className="watch-subtitle-stack" data-from="bottom" data-moves="up" style={{ bottom: lift }}>
        {/* Always there, so a note put into it is announced (one that comes with its words may not be). */}
        <div role="status">{note && <p className="watch-subtitle-note">{note}</p>}</div>
        {!note &&
          drawn
            .filter(({ box }) => atBottom(box))
            .map(({ cue, box }) => <CueLines key={places.get(cue)} cue={cue} box={box} />)}
      </div>
    </div>
  );
});
