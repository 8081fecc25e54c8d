import type { Readable } from 'node:stream';

export type StoredObject = { body: Readable; size: number; contentType: string | undefined };

/**
 * Where films, streams and images live: local disk by default, S3-compatible storage when configured.
 * Keys are slash-separated paths such as `videos/<id>/hls/720p/seg_00001.ts`.
 */
export type Storage = {
  readonly kind: 'disk' | 's3';
  put(key: string, body: Buffer | string, contentType?: string): Promise<void>;
  /** Stores a local file; `move` lets the disk store rename instead of copying. */
  putFile(key: string, filePath: string, options?: { contentType?: string; move?: boolean }): Promise<void>;
  get(key: string): Promise<StoredObject | null>;
  getBuffer(key: string): Promise<Buffer | null>;
  /** Writes the object to a local file (the encoder reads local files). */
  download(key: string, filePath: string): Promise<void>;
  /** A local path for the object when the store is a disk, to avoid copying; null otherwise. */
  localPath(key: string): string | null;
  exists(key: string): Promise<boolean>;
  list(prefix: string): Promise<string[]>;
  delete(key: string): Promise<void>;
  deletePrefix(prefix: string): Promise<void>;
  /**
   * A short-lived URL the browser can fetch directly (S3); null when the API must serve the bytes. The
   * object is answered with `cacheControl` when given, whatever was stored with it.
   */
  signedUrl(key: string, ttlSeconds: number, options?: { cacheControl?: string }): Promise<string | null>;
};

export function assertSafeKey(key: string) {
  if (
    !key ||
    key.startsWith('/') ||
    key.split('/').some((part) => part === '..' || part === '' || part === '.')
  ) {
    throw new Error(`Unsafe storage key: ${key}`);
  }
}

export function contentTypeFor(key: string) {
  if (key.endsWith('.m3u8')) return 'application/vnd.apple.mpegurl';
  if (key.endsWith('.ts')) return 'video/mp2t';
  if (key.endsWith('.jpg') || key.endsWith('.jpeg')) return 'image/jpeg';
  if (key.endsWith('.png')) return 'image/png';
  if (key.endsWith('.mp4')) return 'video/mp4';
  return 'application/octet-stream';
}
