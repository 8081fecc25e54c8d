export type Size = { width: number; height: number };

/** Where a picture shown whole (`object-fit: contain`) lies in its box, in percent of the box. */
export type Area = { left: number; top: number; width: number; height: number };

export const WHOLE_BOX: Area = { left: 0, top: 0, width: 100, height: 100 };

/**
 * The part of the player the film's picture covers: a film of another shape than the player (a 2.39:1
 * film, a portrait one, any film in a phone's portrait fullscreen) leaves black bands, and a mark drawn
 * on them could be cropped away with them. The whole box while either size is not known yet.
 */
export function pictureArea(box: Size, picture: Size | null): Area {
  if (!picture || picture.width <= 0 || picture.height <= 0 || box.width <= 0 || box.height <= 0)
    return WHOLE_BOX;
  const scale = Math.min(box.width / picture.width, box.height / picture.height);
  const width = ((picture.width * scale) / box.width) * 100;
  const height = ((picture.height * scale) / box.height) * 100;
  return { left: (100 - width) / 2, top: (100 - height) / 2, width, height };
}
