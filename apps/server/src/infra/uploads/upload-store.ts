import { createWriteStream } from 'node:fs';
import { readdir, rm, stat } from 'node:fs/promises';
import path from 'node:path';
import { type Readable, Transform } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { FileStore } from '@tus/file-store';

/** What tus names an upload (and its file) by; anything else in the directory is not one. */
const UPLOAD_ID = /^[a-f0-9]{32}$/;

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
    if (!UPLOAD_ID.test(id)) return null;
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

  /**
   * Deletes the upload's file and its info file (`<id>.json`). The file may be gone already: a film
   * takes it into storage by moving it. (The library's own remove stops there, and the info file of
   * every upload made a screener stayed for good.)
   */
  async remove(id: string) {
    if (!UPLOAD_ID.test(id)) return;
    await rm(path.join(this.directory, id), { force: true });
    await rm(path.join(this.directory, `${id}.json`), { force: true });
  }

  /**
   * Deletes expired uploads, then what uploads left behind: an info file without its upload's file (the
   * library lists only uploads that have both, so it never deletes these), and a file without its info
   * file (a creation that failed half-way) once it is as old as an expired upload.
   */
  async deleteExpired() {
    const deleted = await this.fileStore.deleteExpired();
    const names = new Set(await readdir(this.directory));
    const expiredBefore = Date.now() - this.fileStore.getExpiration();
    let leftovers = 0;
    for (const name of names) {
      const id = name.endsWith('.json') ? name.slice(0, -'.json'.length) : name;
      if (!UPLOAD_ID.test(id)) continue;
      const orphanInfo = name !== id && !names.has(id);
      const orphanFile =
        name === id &&
        !names.has(`${id}.json`) &&
        ((await stat(path.join(this.directory, id)).catch(() => null))?.mtimeMs ?? Date.now()) <
          expiredBefore;
      if (orphanInfo || orphanFile) {
        await rm(path.join(this.directory, name), { force: true });
        leftovers++;
      }
    }
    return deleted + leftovers;
  }
}
