/**
 * Where a film's streams live in storage. Plain (unencrypted) streams exist from `ready-to-use` until
 * the encrypted ones replace them; the master playlist lists rendition folders by name.
 */
export const STREAM_VARIANTS = ['plain', 'hls'] as const;
export type StreamVariant = (typeof STREAM_VARIANTS)[number];

export const streamsPrefix = (videoId: string, variant: StreamVariant) => `videos/${videoId}/${variant}`;
export const masterKey = (videoId: string, variant: StreamVariant) =>
  `${streamsPrefix(videoId, variant)}/master.m3u8`;
export const renditionPlaylistKey = (videoId: string, variant: StreamVariant, rendition: string) =>
  `${streamsPrefix(videoId, variant)}/${rendition}/index.m3u8`;
export const segmentKey = (videoId: string, variant: StreamVariant, rendition: string, segment: string) =>
  `${streamsPrefix(videoId, variant)}/${rendition}/${segment}`;

/** A rendition is named by its shorter side: 1080p … 360p, or a tiny film's own size (64p). */
export const RENDITION_NAME = /^\d{1,4}p$/;
export const SEGMENT_NAME = /^seg_\d{5}\.ts$/;
