import type { Watermark } from '@screenroom/shared/schemas/watch';
import { useEffect, useRef, useState } from 'react';
import { type Area, pictureArea, type Size, WHOLE_BOX } from './picture-area';

/**
 * A new place for the mark, as percent of the picture along each axis. The mark is shifted back by the
 * same share of its own size (see the style below), so 0 puts it against one edge and 100 against the
 * other: wherever it lands, the whole of it is inside the picture, however long the viewer's e-mail.
 */
function randomPlace() {
  return { x: 3 + Math.random() * 94, y: 5 + Math.random() * 80 };
}

/** Every 20 to 40 seconds, at random, so the mark cannot be cropped or blurred out in one fixed place. */
export const nextMoveMs = () => 20_000 + Math.random() * 20_000;

/** The part of the player (the overlay's parent) that `picture` covers, followed as the player resizes. */
function usePictureArea(picture: Size | null) {
  const ref = useRef<HTMLDivElement>(null);
  const [area, setArea] = useState<Area>(WHOLE_BOX);
  useEffect(() => {
    const player = ref.current?.parentElement;
    if (!player) return;
    const measure = () =>
      setArea(pictureArea({ width: player.clientWidth, height: player.clientHeight }, picture));
    measure();
    if (typeof ResizeObserver === 'undefined') return;
    const observer = new ResizeObserver(measure);
    observer.observe(player);
    return () => observer.disconnect();
  }, [picture]);
  return { ref, area };
}

/**
 * The viewer's identity drawn over the film (text or the presenter's image), moving now and then, and
 * always on the picture itself (`picture`: the film's size, when known), never on the black bands
 * around it, which a copy would crop away with the mark.
 */
export function WatermarkOverlay({
  watermark,
  picture = null,
}: {
  watermark: Watermark;
  picture?: Size | null;
}) {
  const [place, setPlace] = useState(randomPlace);
  const { ref, area } = usePictureArea(picture);
  useEffect(() => {
    let timer: number;
    const move = () => {
      setPlace(randomPlace());
      timer = window.setTimeout(move, nextMoveMs());
    };
    timer = window.setTimeout(move, nextMoveMs());
    return () => window.clearTimeout(timer);
  }, []);

  return (
    <div
      ref={ref}
      className="watch-watermark-area"
      data-testid="watermark-area"
      aria-hidden="true"
      style={{
        left: `${area.left}%`,
        top: `${area.top}%`,
        width: `${area.width}%`,
        height: `${area.height}%`,
      }}
    >
      <div
        className="watch-watermark"
        data-testid="watermark"
        style={{ left: `${place.x}%`, top: `${place.y}%`, translate: `-${place.x}% -${place.y}%` }}
      >
        {watermark.type === 'image' && watermark.image ? (
          <img src={watermark.image} alt="" draggable={false} />
        ) : (
          <span>{watermark.text}</span>
        )}
      </div>
    </div>
  );
}
