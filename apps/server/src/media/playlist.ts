/**
 * Minimal HLS playlist handling: enough to encrypt segments one by one, and to rewrite segment and key
 * URIs for the viewer who asks (with their token in every URL).
 */

export type MediaSegment = {
  duration: number;
  uri: string /** Tags that belong to this segment. */;
  tags: string[];
};
export type MediaPlaylist = { header: string[]; segments: MediaSegment[]; ended: boolean };

export function parseMediaPlaylist(text: string): MediaPlaylist {
  const header: string[] = [];
  const segments: MediaSegment[] = [];
  let tags: string[] = [];
  let ended = false;
  let seenSegment = false;
  for (const raw of text.split(/\r?\n/)) {
    const line = raw.trim();
    if (!line) continue;
    if (line === '#EXT-X-ENDLIST') {
      ended = true;
    } else if (line.startsWith('#')) {
      if (
        line.startsWith('#EXTINF') ||
        line.startsWith('#EXT-X-KEY') ||
        line.startsWith('#EXT-X-DISCONTINUITY')
      ) {
        tags.push(line);
        seenSegment = true;
      } else if (!seenSegment) {
        header.push(line);
      } else {
        tags.push(line);
      }
    } else {
      const extinf = tags.find((t) => t.startsWith('#EXTINF:'));
      const duration = extinf ? Number.parseFloat(extinf.slice('#EXTINF:'.length)) : 0;
      segments.push({ duration, uri: line, tags });
      tags = [];
    }
  }
  return { header, segments, ended };
}

export function serializeMediaPlaylist(playlist: MediaPlaylist) {
  const lines = [...playlist.header];
  for (const segment of playlist.segments) lines.push(...segment.tags, segment.uri);
  if (playlist.ended) lines.push('#EXT-X-ENDLIST');
  return `${lines.join('\n')}\n`;
}

/** Placeholder key URIs stored in our playlists: `key:<keyId>`, turned into real URLs when served. */
export const keyPlaceholder = (keyId: string) => `key:${keyId}`;
const KEY_URI = /URI="key:([^"]+)"/;

/** The key id and IV of an encrypted segment of ours, or null. */
export function segmentKeyOf(segment: MediaSegment): { keyId: string; iv: Buffer } | null {
  const tag = segment.tags.find((t) => t.startsWith('#EXT-X-KEY'));
  const keyId = tag && KEY_URI.exec(tag)?.[1];
  const iv = tag && /IV=0x([0-9a-fA-F]{32})/.exec(tag)?.[1];
  return keyId && iv ? { keyId, iv: Buffer.from(iv, 'hex') } : null;
}

/** The same playlist without its key lines: what it was before its segments were encrypted. */
export function withoutKeys(playlist: MediaPlaylist): MediaPlaylist {
  return {
    ...playlist,
    segments: playlist.segments.map((s) => ({
      ...s,
      tags: s.tags.filter((t) => !t.startsWith('#EXT-X-KEY')),
    })),
  };
}

export function rewriteMediaPlaylist(
  text: string,
  urls: { segment: (uri: string) => string; key: (keyId: string) => string },
) {
  const playlist = parseMediaPlaylist(text);
  for (const segment of playlist.segments) {
    segment.uri = urls.segment(segment.uri);
    segment.tags = segment.tags.map((tag) =>
      tag.startsWith('#EXT-X-KEY')
        ? tag.replace(KEY_URI, (_, keyId: string) => `URI="${urls.key(keyId)}"`)
        : tag,
    );
  }
  return serializeMediaPlaylist(playlist);
}

export type MasterEntry = {
  name: string;
  width: number;
  height: number;
  bandwidth: number;
  averageBandwidth: number;
  codecs: string;
  fps?: number;
  uri: string;
};

export function writeMasterPlaylist(entries: MasterEntry[]) {
  const lines = ['#EXTM3U', '#EXT-X-VERSION:3', '#EXT-X-INDEPENDENT-SEGMENTS'];
  for (const e of [...entries].sort((a, b) => a.bandwidth - b.bandwidth)) {
    const attributes = [
      `BANDWIDTH=${e.bandwidth}`,
      `AVERAGE-BANDWIDTH=${e.averageBandwidth}`,
      `RESOLUTION=${e.width}x${e.height}`,
      `CODECS="${e.codecs}"`,
      ...(e.fps ? [`FRAME-RATE=${e.fps.toFixed(3)}`] : []),
      `NAME="${e.name}"`,
    ];
    lines.push(`#EXT-X-STREAM-INF:${attributes.join(',')}`, e.uri);
  }
  return `${lines.join('\n')}\n`;
}
