import { describe, expect, it } from 'vitest';
import { isWholeImage } from './image-integrity';

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
