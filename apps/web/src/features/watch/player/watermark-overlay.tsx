import type { Watermark } from '@screenroom/shared/schemas/watch';
import { useEffect, useState } from 'react';

/** A new place for the mark, kept clear of the edges (percent of the player). */
function randomPlace() {
  return { left: 4 + Math.random() * 62, top: 6 + Math.random() * 70 };
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
      style={{ left: `${place.left}%`, top: `${place.top}%` }}
    >
      {watermark.type === 'image' && watermark.image ? (
        <img src={watermark.image} alt="" draggable={false} />
      ) : (
        <span>{watermark.text}</span>
      )}
    </div>
  );
}
