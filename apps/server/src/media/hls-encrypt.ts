import { createCipheriv, createDecipheriv, randomBytes, randomUUID } from 'node:crypto';
import { keyPlaceholder, parseMediaPlaylist, serializeMediaPlaylist } from './playlist';

export type SegmentKey = { keyId: string; segmentIndex: number; key: Buffer; iv: Buffer };

/** AES-128-CBC with PKCS#7 padding: what HLS's METHOD=AES-128 expects of a whole segment. */
export function encryptSegment(data: Buffer, key: Buffer, iv: Buffer) {
  const cipher = createCipheriv('aes-128-cbc', key, iv);
  return Buffer.concat([cipher.update(data), cipher.final()]);
}

export function decryptSegment(data: Buffer, key: Buffer, iv: Buffer) {
  const decipher = createDecipheriv('aes-128-cbc', key, iv);
  return Buffer.concat([decipher.update(data), decipher.final()]);
}

/**
 * Encrypts every segment of a rendition with a key and IV of its own, and returns the playlist with one
 * `#EXT-X-KEY` line per segment (key URIs are placeholders until served) and the keys to store.
 */
export async function encryptRendition(options: {
  playlist: string;
  readSegment: (uri: string) => Promise<Buffer>;
  writeSegment: (uri: string, data: Buffer) => Promise<void>;
}) {
  const playlist = parseMediaPlaylist(options.playlist);
  const keys: SegmentKey[] = [];
  for (const [segmentIndex, segment] of playlist.segments.entries()) {
    const key = randomBytes(16);
    const iv = randomBytes(16);
    const keyId = randomUUID();
    await options.writeSegment(segment.uri, encryptSegment(await options.readSegment(segment.uri), key, iv));
    keys.push({ keyId, segmentIndex, key, iv });
    segment.tags = [
      `#EXT-X-KEY:METHOD=AES-128,URI="${keyPlaceholder(keyId)}",IV=0x${iv.toString('hex')}`,
      ...segment.tags.filter((t) => !t.startsWith('#EXT-X-KEY')),
    ];
  }
  // IV attributes need playlist version 2 or later; 3 covers floating EXTINF durations too.
  playlist.header = playlist.header.map((line) =>
    line.startsWith('#EXT-X-VERSION') ? '#EXT-X-VERSION:3' : line,
  );
  return { playlist: serializeMediaPlaylist(playlist), keys };
}
