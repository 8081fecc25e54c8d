import { PLAYABLE_STATUSES } from '@screenroom/shared/video-status';
import type { VideoRow } from '../../db/schema/videos';
import type { Storage } from '../../infra/storage/storage';
import type { SecretBox } from '../../lib/secret-box';
import type { SegmentKey } from '../../media/hls-encrypt';
import { rewriteMediaPlaylist } from '../../media/playlist';
import type { KeysRepository } from './keys.repository';
import {
  masterKey,
  RENDITION_NAME,
  renditionPlaylistKey,
  SEGMENT_NAME,
  type StreamVariant,
  segmentKey,
} from './stream-layout';

type PlayableVideo = Pick<VideoRow, 'id' | 'status' | 'encrypted' | 'renditions'>;

export type SegmentAnswer =
  | { redirect: string }
  | { object: NonNullable<Awaited<ReturnType<Storage['get']>>> };

/** Seconds a signed storage URL for a segment stays valid (S3): long enough to fetch, no longer. */
const SEGMENT_URL_TTL = 120;

/**
 * Serves a film's HLS streams to whoever the caller has authorised (the owner's preview, or a viewer's
 * live session): playlists rewritten so every URL carries that caller's token, segments from storage,
 * and keys from the key store.
 */
export class StreamsService {
  constructor(
    private readonly storage: Storage,
    private readonly keys: KeysRepository,
    private readonly secrets: SecretBox,
  ) {}

  isPlayable(video: PlayableVideo) {
    return PLAYABLE_STATUSES.includes(video.status) && (video.renditions?.length ?? 0) > 0;
  }

  private variantOf(video: PlayableVideo): StreamVariant {
    return video.encrypted ? 'hls' : 'plain';
  }

  private hasRendition(video: PlayableVideo, rendition: string) {
    return RENDITION_NAME.test(rendition) && (video.renditions ?? []).some((r) => r.name === rendition);
  }

  async masterPlaylist(video: PlayableVideo, renditionUrl: (rendition: string) => string) {
    const text = await this.storage.getBuffer(masterKey(video.id, this.variantOf(video)));
    if (!text) return null;
    return text
      .toString('utf8')
      .split('\n')
      .map((line) => {
        const [rendition, file] = line.trim().split('/');
        return rendition && file === 'index.m3u8' && RENDITION_NAME.test(rendition)
          ? renditionUrl(rendition)
          : line;
      })
      .join('\n');
  }

  async mediaPlaylist(
    video: PlayableVideo,
    rendition: string,
    urls: { segment: (uri: string) => string; key: (keyId: string) => string },
  ) {
    if (!this.hasRendition(video, rendition)) return null;
    const text = await this.storage.getBuffer(
      renditionPlaylistKey(video.id, this.variantOf(video), rendition),
    );
    return text ? rewriteMediaPlaylist(text.toString('utf8'), urls) : null;
  }

  /** A signed storage URL to redirect to (S3), or the bytes to stream (disk); null if there is none. */
  async segment(video: PlayableVideo, rendition: string, name: string): Promise<SegmentAnswer | null> {
    if (!this.hasRendition(video, rendition) || !SEGMENT_NAME.test(name)) return null;
    const key = segmentKey(video.id, this.variantOf(video), rendition, name);
    const url = await this.storage.signedUrl(key, SEGMENT_URL_TTL);
    if (url) return { redirect: url };
    const object = await this.storage.get(key);
    return object ? { object } : null;
  }

  /** The 16-byte key of one segment of this video, or null. Callers authorise before asking. */
  async key(videoId: string, keyId: string) {
    if (!/^[0-9a-f-]{36}$/.test(keyId)) return null;
    const row = await this.keys.find(videoId, keyId);
    return row ? this.secrets.open(row.keySealed) : null;
  }

  async storeKeys(videoId: string, keys: (SegmentKey & { rendition: string })[]) {
    await this.keys.replaceAll(
      videoId,
      keys.map((k) => ({
        id: k.keyId,
        rendition: k.rendition,
        segmentIndex: k.segmentIndex,
        keySealed: this.secrets.seal(k.key),
      })),
    );
  }

  countKeys(videoId: string) {
    return this.keys.count(videoId);
  }
}
