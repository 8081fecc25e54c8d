import { describe, expect, it } from 'vitest';
import { blackPng } from '../../test/images';
import { imageSize, isWholeImage } from './image-integrity';

// A 1×1 PNG, and a tiny JPEG made by ffmpeg (1×1, grey).
const PNG = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAABJRU5ErkJggg==',
  'base64',
);

describe('isWholeImage', () => {
  it('accepts a whole PNG and refuses one cut off', () => {
    expect(isWholeImage(PNG, 'image/png')).toBe(true);
    expect(isWholeImage(PNG.subarray(0, 30), 'image/png')).toBe(false);
    expect(isWholeImage(PNG.subarray(0, PNG.length - 4), 'image/png')).toBe(false);
    // Bytes after the closing chunk, as some tools add: browsers show the picture.
    expect(isWholeImage(Buffer.concat([PNG, Buffer.alloc(200, 7)]), 'image/png')).toBe(true);
  });

  it('accepts a JPEG with a frame and an end, padded or not, and refuses one cut off', () => {
    const jpeg = Buffer.concat([
      Buffer.from([0xff, 0xd8, 0xff, 0xc0, 0x00, 0x0b, 0x08, 0x00, 0x01, 0x00, 0x01, 0x01, 0x01, 0x11, 0x00]),
      Buffer.alloc(40, 0x20),
      Buffer.from([0xff, 0xd9]),
    ]);
    expect(isWholeImage(jpeg, 'image/jpeg')).toBe(true);
    // A trailer after the end marker (some phones append 1 kB and more) is allowed.
    expect(isWholeImage(Buffer.concat([jpeg, Buffer.alloc(1500, 0x41)]), 'image/jpeg')).toBe(true);
    // A progressive JPEG (frame C2) is whole too.
    const progressive = Buffer.from(jpeg);
    progressive[3] = 0xc2;
    expect(isWholeImage(progressive, 'image/jpeg')).toBe(true);
    expect(isWholeImage(jpeg.subarray(0, 30), 'image/jpeg')).toBe(false);
  });
});

describe('imageSize', () => {
  it('reads the size a PNG declares, however small the file', () => {
    expect(imageSize(PNG, 'image/png')).toEqual({ width: 1, height: 1 });
    const bomb = blackPng(16_384);
    expect(bomb.length).toBeLessThan(100_000);
    expect(isWholeImage(bomb, 'image/png')).toBe(true);
    expect(imageSize(bomb, 'image/png')).toEqual({ width: 16_384, height: 16_384 });
  });

  it('reads a JPEG’s frame header, not the thumbnail inside its EXIF segment', () => {
    const frame = (width: number, height: number) =>
      Buffer.from([
        0xff,
        0xc0,
        0x00,
        0x0b,
        0x08,
        height >> 8,
        height & 255,
        width >> 8,
        width & 255,
        1,
        1,
        0x11,
        0,
      ]);
    const exif = Buffer.concat([
      Buffer.from([0xff, 0xe1, 0x00, 0x10]),
      Buffer.from('Exif\0\0'),
      frame(1, 1).subarray(0, 8),
    ]);
    const jpeg = Buffer.concat([
      Buffer.from([0xff, 0xd8]),
      exif,
      Buffer.from([0x00, 0x00]), // Stray bytes between segments, which decoders skip.
      frame(30_000, 20_000),
      Buffer.from([0xff, 0xda, 0x00, 0x02]),
      Buffer.alloc(40, 0x20),
      Buffer.from([0xff, 0xd9]),
    ]);
    expect(imageSize(jpeg, 'image/jpeg')).toEqual({ width: 30_000, height: 20_000 });
    expect(
      imageSize(Buffer.from([0xff, 0xd8, 0xff, 0xda, 0, 2, 0, 0, 0, 0, 0xff, 0xd9]), 'image/jpeg'),
    ).toBeNull();
  });
});
