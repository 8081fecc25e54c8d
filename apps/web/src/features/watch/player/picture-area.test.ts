import { describe, expect, it } from 'vitest';
import { pictureArea, WHOLE_BOX } from './picture-area';

describe('the part of the player the picture covers', () => {
  it('is the whole player for a film of the player’s shape', () => {
    expect(pictureArea({ width: 1280, height: 720 }, { width: 1920, height: 1080 })).toEqual(WHOLE_BOX);
  });

  it('leaves out the bands above and below a wide film', () => {
    const area = pictureArea({ width: 1600, height: 900 }, { width: 2390, height: 1000 });
    expect(area.left).toBe(0);
    expect(area.width).toBe(100);
    expect(area.height).toBeCloseTo((1600 / 2.39 / 900) * 100, 6);
    expect(area.top).toBeCloseTo((100 - area.height) / 2, 6);
  });

  it('leaves out the bands beside a portrait film, and beside any film in a phone held upright', () => {
    const portrait = pictureArea({ width: 1600, height: 900 }, { width: 1080, height: 1920 });
    expect(portrait.top).toBe(0);
    expect(portrait.width).toBeCloseTo(((900 * (1080 / 1920)) / 1600) * 100, 6);
    const upright = pictureArea({ width: 390, height: 844 }, { width: 1920, height: 1080 });
    expect(upright.left).toBe(0);
    expect(upright.height).toBeCloseTo(((390 * (1080 / 1920)) / 844) * 100, 6);
    expect(upright.top).toBeGreaterThan(35);
  });

  it('is the whole player while a size is not known', () => {
    expect(pictureArea({ width: 800, height: 450 }, null)).toEqual(WHOLE_BOX);
    expect(pictureArea({ width: 800, height: 450 }, { width: 0, height: 0 })).toEqual(WHOLE_BOX);
    expect(pictureArea({ width: 0, height: 0 }, { width: 1920, height: 1080 })).toEqual(WHOLE_BOX);
  });
});
