import type { Watermark } from '@screenroom/shared/schemas/watch';
import { useEffect, useState } from 'react';

/**
 * A new place for the mark, as percent of the player along each axis. The mark is shifted back by the
 * same share of its own size (see the style below), so 0 puts it against one edge and 100 against the
 * other: wherever it lands, the whole of it is inside the picture, however long the viewer's e-mail.
 */
function randomPlace() {
  return { x: 3 + Math.random() * 94, y: 5 + Math.random() * 80 };
}

/** Every 20 to 40 seconds, at random, so the mark cannot be cropped or blurred out in one fixed place. */
export const nextMoveMs = () => 20_000 + Math.random() * 20_000;

/** The viewer's identity drawn over the film (text or the presenter's image), moving now and then. */
export function WatermarkOverlay({ watermark }: { watermark: Watermark }) {
  const [place, setPlace] = useState(randomPlace);
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
      className="watch-watermark"
      data-testid="watermark"
      aria-hidden="true"
      style={{ left: `${place.x}%`, top: `${place.y}%`, translate: `-${place.x}% -${place.y}%` }}
    >
      {watermark.type === 'image' && watermark.image ? (
        <img src={watermark.image} alt="" draggable={false} />
      ) : (
        <span>{watermark.text}</span>
      )}
    </div>
  );
}
