import { createWriteStream } from 'node:fs';
import path from 'node:path';
import { type Readable, Transform } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { FileStore } from '@tus/file-store';

/** Thrown by `append` when a body carries more bytes than the upload has room for. */
export class UploadBodyTooLarge extends Error {
  override name = 'UploadBodyTooLarge';
}

export type StoredUpload = {
  id: string;
  size: number | undefined;
  offset: number;
  metadata: Record<string, string | null>;
  path: string;
  createdAt: Date | null;
};

/** Resumable uploads on local disk (tus): partial files survive restarts, finished ones wait to be claimed. */
export class UploadStore {
  readonly fileStore: FileStore;

  constructor(readonly directory: string) {
    // Unfinished or unclaimed uploads are deleted after a day.
    this.fileStore = new FileStore({ directory, expirationPeriodInMilliseconds: 24 * 3600_000 });
  }

  /**
   * Writes a request body into the upload at `offset`, straight from the socket to the file (tus's own
   * path goes through web streams and costs about twice the CPU). While the disk is busy, the socket's
   * chunks queue and go out together in one writev. Returns the new offset; what reached the disk before
   * an interruption stays, as tus expects, and more than `room` bytes fail with UploadBodyTooLarge.
   */
  async append(id: string, offset: number, body: Readable, room: number) {
    // A request destroyed before it is piped (a newer PATCH took over while this one waited): its
    // buffered bytes would be written as if delivered, or pipeline() might never settle, and the caller
    // would hold the upload's lock for good.
    if (body.destroyed)
      throw Object.assign(new Error('The request ended before its body was read'), {
        code: 'ERR_STREAM_PREMATURE_CLOSE',
      });
    let received = 0;
    const counter = new Transform({
      transform(chunk: Buffer, _encoding, callback) {
        received += chunk.length;
        callback(received > room ? new UploadBodyTooLarge() : null, chunk);
      },
    });
    const file = createWriteStream(path.join(this.directory, id), {
      flags: 'r+',
      start: offset,
      highWaterMark: 8 * 1024 * 1024,
    });
    await pipeline(body, counter, file);
    return offset + received;
  }

  async get(id: string): Promise<StoredUpload | null> {
    if (!/^[a-f0-9]{32}$/.test(id)) return null;
    try {
      const upload = await this.fileStore.getUpload(id);
      return {
        id: upload.id,
        size: upload.size,
        offset: upload.offset,
        metadata: (upload.metadata ?? {}) as Record<string, string | null>,
        path: upload.storage?.path ?? `${this.directory}/${id}`,
        createdAt: upload.creation_date ? new Date(upload.creation_date) : null,
      };
    } catch {
      return null;
    }
  }

  async remove(id: string) {
    await this.fileStore.remove(id).catch(() => {});
  }

  deleteExpired() {
    return this.fileStore.deleteExpired();
  }
}
