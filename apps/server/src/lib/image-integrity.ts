const PNG_IEND = Buffer.from([0, 0, 0, 0, 0x49, 0x45, 0x4e, 0x44, 0xae, 0x42, 0x60, 0x82]);

/** A PNG with its header chunk (a picture of some size) and its closing chunk: not cut off. */
function isWholePng(data: Buffer) {
  if (data.length < 8 + 25 + PNG_IEND.length) return false;
  const header = data.subarray(8, 8 + 25);
  const sized = header.readUInt32BE(8) > 0 && header.readUInt32BE(12) > 0;
  return header.toString('latin1', 4, 8) === 'IHDR' && sized && data.includes(PNG_IEND, data.length - 64);
}

/** A JPEG with a frame header (its size) and its end marker; cameras may pad a few bytes after it. */
function isWholeJpeg(data: Buffer) {
  if (data.length < 4 || data[0] !== 0xff || data[1] !== 0xd8) return false;
  const hasFrame = [0xc0, 0xc1, 0xc2].some((marker) => data.includes(Buffer.from([0xff, marker])));
  return hasFrame && data.includes(Buffer.from([0xff, 0xd9]), Math.max(0, data.length - 1024));
}

/**
 * Whether an image the file type says is a PNG or a JPEG is whole: its signature alone let a header
 * cut off after 30 bytes through, which every viewer's page then showed as a broken picture.
 */
export function isWholeImage(data: Buffer, mime: 'image/png' | 'image/jpeg') {
  return mime === 'image/png' ? isWholePng(data) : isWholeJpeg(data);
}
