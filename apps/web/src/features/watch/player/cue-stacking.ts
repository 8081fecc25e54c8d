/** A cue's lines (or a lane of them) down the picture: where its settings put it, in pixels. */
export type Span = {
  top: number;
  height: number;
  /** The way WebVTT moves it off another: away from the edge its line counts from. */
  moves: 'down' | 'up';
};

/** The room the lines may take: inside the picture, above the control bar while it shows. */
export type Room = { top: number; bottom: number };

const EPSILON = 0.01;

/**
 * How far each span is moved so none covers another and each stays in the room (WebVTT's rendering rules,
 * in one dimension): in order, each one is put where it asks (inside the room), then moved its own way past
 * any span already placed that it would cover; failing that, the other way; failing that, it is not drawn
 * (null), as WebVTT drops a cue it finds no room for. One taller than the whole `picture` is not drawn
 * either (it would cover it all); one taller only than the room (the control bar showing) is kept inside
 * the picture, over the bar, rather than coming and going with the controls.
 */
export function separate(
  spans: readonly Span[],
  room: Room,
  gap: number,
  picture: Room = room,
): (number | null)[] {
  const placed: { top: number; bottom: number }[] = [];
  const covers = (top: number, bottom: number) =>
    placed.find((other) => top < other.bottom + gap - EPSILON && other.top < bottom + gap - EPSILON);
  const slide = (start: number, height: number, way: 'down' | 'up') => {
    let top = start;
    for (let other = covers(top, top + height); other; other = covers(top, top + height)) {
      top = way === 'down' ? other.bottom + gap : other.top - gap - height;
      if (top < room.top - EPSILON || top + height > room.bottom + EPSILON) return null;
    }
    return top;
  };
  return spans.map(({ top, height, moves }) => {
    if (height > picture.bottom - picture.top + EPSILON) return null;
    if (height > room.bottom - room.top) {
      const inPicture = Math.min(Math.max(top, picture.top), picture.bottom - height);
      placed.push({ top: inPicture, bottom: inPicture + height });
      return inPicture - top;
    }
    const inside = Math.min(Math.max(top, room.top), room.bottom - height);
    const at = slide(inside, height, moves) ?? slide(inside, height, moves === 'down' ? 'up' : 'down');
    if (at === null) return null;
    placed.push({ top: at, bottom: at + height });
    return at - top;
  });
}
