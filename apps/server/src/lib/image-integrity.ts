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

/**
 * The first frame header's picture size, walking the JPEG's segments as a decoder does (an embedded
 * thumbnail inside a segment is skipped, and so are stray bytes between segments).
 */
function jpegSize(data: Buffer) {
  let at = 2;
  while (at + 9 <= data.length) {
    const marker = data[at + 1]!;
    if (data[at] !== 0xff || marker === 0xff || marker === 0x00) {
      at += 1;
      continue;
    }
    if (JPEG_FRAMES.includes(marker))
      return { width: data.readUInt16BE(at + 7), height: data.readUInt16BE(at + 5) };
    // The picture's data, or its end, with no frame header before it.
    if (marker === 0xda || marker === 0xd9) return null;
    const standalone = marker === 0x01 || (marker >= 0xd0 && marker <= 0xd8);
    at += standalone ? 2 : 2 + data.readUInt16BE(at + 2);
  }
  return null;
}

/**
 * The picture's size in pixels as its header declares it, or null when it cannot be read. What a browser
 * allocates to show an image follows this, not the file's size: a 110 kB PNG can declare 30,000 pixels
 * a side, 3.6 GB to decode on every page that shows it.
 */
export function imageSize(data: Buffer, mime: 'image/png' | 'image/jpeg') {
  if (mime === 'image/jpeg') return jpegSize(data);
  return data.length >= 24 ? { width: data.readUInt32BE(16), height: data.readUInt32BE(20) } : null;
}
