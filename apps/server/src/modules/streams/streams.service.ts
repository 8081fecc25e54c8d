import { AppError } from '@screenroom/shared/errors';
import { PLAYABLE_STATUSES } from '@screenroom/shared/video-status';
import type { VideoRow } from '../../db/schema/videos';
import type { Storage } from '../../infra/storage/storage';
import type { SecretBox } from '../../lib/secret-box';
import { decryptSegment, type SegmentKey } from '../../media/hls-encrypt';
import {
  parseMediaPlaylist,
  rewriteMediaPlaylist,
  segmentKeyOf,
  serializeMediaPlaylist,
  withoutKeys,
} from '../../media/playlist';
import { ENCRYPTED_SEGMENT_CACHE, NOT_STORED } from './cache-policy';
import type { KeysRepository } from './keys.repository';
import {
  masterKey,
  RENDITION_NAME,
  renditionPlaylistKey,
  SEGMENT_NAME,
  type StreamVariant,
  segmentKey,
} from './stream-layout';

type PlayableVideo = Pick<VideoRow, 'id' | 'status' | 'encrypted' | 'encryptedAt' | 'renditions'>;

/**
 * Who reads a film's streams: the streams their player loaded (named in the URLs we gave it; none in a
 * first request) and when they were let in (a viewer's session start, a preview token's issue).
 */
export type StreamReader = { stream?: StreamVariant; openedAt: Date };

/** A stored segment says whether it is encrypted: only then may a browser keep it (cache-policy.ts). */
export type SegmentAnswer =
  | { redirect: string; encrypted: boolean }
  | { object: NonNullable<Awaited<ReturnType<Storage['get']>>>; encrypted: boolean }
  | { bytes: Buffer };

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

  /**
   * The streams a request reads: the ones its player started on, as named in the URLs we gave it (a
   * player keeps the playlists it loaded), else the film's current ones.
   */
  private variantOf(video: PlayableVideo, reader: StreamReader): StreamVariant {
    return reader.stream ?? (video.encrypted ? 'hls' : 'plain');
  }

  /**
   * Whether plain streams asked for must be made from the encrypted ones: a player that loaded the plain
   * streams before encryption completed asks for them afterwards, when only the encrypted files are left,
   * and gets them decrypted here. Whoever may fetch a segment may fetch its key (the same checks guard
   * both), so this releases nothing new; it is kept to readers let in before encryption completed, so it
   * is not a way to make the server decrypt whole films on request: anyone else is refused (404) here.
   */
  private mustDecryptForPlain(video: PlayableVideo, variant: StreamVariant, reader: StreamReader) {
    if (variant !== 'plain' || !video.encrypted) return false;
    if (video.encryptedAt && reader.openedAt < video.encryptedAt) return true;
    throw new AppError('NOT_FOUND', 'This film is encrypted now: reload the page to go on watching.');
  }

  private hasRendition(video: PlayableVideo, rendition: string) {
    return RENDITION_NAME.test(rendition) && (video.renditions ?? []).some((r) => r.name === rendition);
  }

  /** The master playlist of the streams asked for (or the current ones); rendition URLs name them. */
  async masterPlaylist(
    video: PlayableVideo,
    reader: StreamReader,
    renditionUrl: (rendition: string, variant: StreamVariant) => string,
  ) {
    const variant = this.variantOf(video, reader);
    // Both variants share one master playlist (the encrypted one is a copy of the plain one).
    const stored = this.mustDecryptForPlain(video, variant, reader) ? 'hls' : variant;
    const text = await this.storage.getBuffer(masterKey(video.id, stored));
    if (!text) return null;
    return text
      .toString('utf8')
      .split('\n')
      .map((line) => {
        const [rendition, file] = line.trim().split('/');
        return rendition && file === 'index.m3u8' && RENDITION_NAME.test(rendition)
          ? renditionUrl(rendition, variant)
          : line;
      })
      .join('\n');
  }

  async mediaPlaylist(
    video: PlayableVideo,
    rendition: string,
    reader: StreamReader,
    urls: { segment: (uri: string, variant: StreamVariant) => string; key: (keyId: string) => string },
  ) {
    if (!this.hasRendition(video, rendition)) return null;
    const variant = this.variantOf(video, reader);
    const text = this.mustDecryptForPlain(video, variant, reader)
      ? await this.plainPlaylistOfEncrypted(video.id, rendition)
      : (await this.storage.getBuffer(renditionPlaylistKey(video.id, variant, rendition)))?.toString('utf8');
    if (!text) return null;
    return rewriteMediaPlaylist(text, { segment: (uri) => urls.segment(uri, variant), key: urls.key });
  }

  /**
   * A signed storage URL to redirect to (S3), or the bytes to stream (disk, or decrypted here); null if
   * there is none.
   */
  async segment(
    video: PlayableVideo,
    rendition: string,
    name: string,
    reader: StreamReader,
  ): Promise<SegmentAnswer | null> {
    if (!this.hasRendition(video, rendition) || !SEGMENT_NAME.test(name)) return null;
    const variant = this.variantOf(video, reader);
    if (this.mustDecryptForPlain(video, variant, reader)) {
      const bytes = await this.decryptedSegment(video.id, rendition, name);
      return bytes ? { bytes } : null;
    }
    const key = segmentKey(video.id, variant, rendition, name);
    const encrypted = variant === 'hls';
    const url = await this.storage.signedUrl(key, SEGMENT_URL_TTL, {
      cacheControl: encrypted ? ENCRYPTED_SEGMENT_CACHE : NOT_STORED,
    });
    if (url) return { redirect: url, encrypted };
    const object = await this.storage.get(key);
    return object ? { object, encrypted } : null;
  }

  private async encryptedPlaylist(videoId: string, rendition: string) {
    const text = await this.storage.getBuffer(renditionPlaylistKey(videoId, 'hls', rendition));
    return text ? parseMediaPlaylist(text.toString('utf8')) : null;
  }

  private async plainPlaylistOfEncrypted(videoId: string, rendition: string) {
    const playlist = await this.encryptedPlaylist(videoId, rendition);
    return playlist ? serializeMediaPlaylist(withoutKeys(playlist)) : null;
  }

  private async decryptedSegment(videoId: string, rendition: string, name: string) {
    const segment = (await this.encryptedPlaylist(videoId, rendition))?.segments.find((s) => s.uri === name);
    const sealedWith = segment && segmentKeyOf(segment);
    if (!sealedWith) return null;
    const [key, data] = await Promise.all([
      this.key(videoId, sealedWith.keyId),
      this.storage.getBuffer(segmentKey(videoId, 'hls', rendition, name)),
    ]);
    if (!key || !data) return null;
    try {
      return decryptSegment(data, key, sealedWith.iv);
    } catch (error) {
      // Stored bytes that do not open with their own key: damaged storage, for the server's log.
      throw new Error(`Segment ${rendition}/${name} of film ${videoId} does not decrypt with its key`, {
        cause: error,
      });
    }
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
