const PNG_IEND = Buffer.from([0x49, 0x45, 0x4e, 0x44, 0xae, 0x42, 0x60, 0x82]);
const JPEG_END = Buffer.from([0xff, 0xd9]);
/** Start-of-frame markers (the picture's size and coding): C0 to CF but for C4, C8 and CC. */
const JPEG_FRAMES = [0xc0, 0xc1, 0xc2, 0xc3, 0xc5, 0xc6, 0xc7, 0xc9, 0xca, 0xcb, 0xcd, 0xce, 0xcf];

/** A PNG with its header chunk (a picture of some size) and, after it, its closing chunk. */
function isWholePng(data: Buffer) {
  if (data.length < 8 + 25 + PNG_IEND.length) return false;
  const header = data.subarray(8, 8 + 25);
  const sized = header.readUInt32BE(8) > 0 && header.readUInt32BE(12) > 0;
  return header.toString('latin1', 4, 8) === 'IHDR' && sized && data.lastIndexOf(PNG_IEND) > 8 + 25;
}

/** A JPEG with a frame header (its size) and, after it, its end marker. */
function isWholeJpeg(data: Buffer) {
  if (data.length < 4 || data[0] !== 0xff || data[1] !== 0xd8) return false;
  const frames = JPEG_FRAMES.map((m) => data.indexOf(Buffer.from([0xff, m]), 2)).filter((i) => i > 0);
  return frames.length > 0 && data.lastIndexOf(JPEG_END) > Math.min(...frames);
}

/**
 * Whether an image the file type says is a PNG or a JPEG is whole: its signature alone let a header
 * cut off after 30 bytes through, which every viewer's page then showed as a broken picture. Bytes
 * after the end (some phones append their own) are allowed, as browsers show those images.
 */
export function isWholeImage(data: Buffer, mime: 'image/png' | 'image/jpeg') {
  return mime === 'image/png' ? isWholePng(data) : isWholeJpeg(data);
}
