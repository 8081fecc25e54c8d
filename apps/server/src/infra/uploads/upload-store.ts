import { createWriteStream } from 'node:fs';
import path from 'node:path';
import type { Readable } from 'node:stream';
import { Transform } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { FileStore } from '@tus/file-store';
import { ERRORS } from '@tus/utils';

const WRITE_BYTES = 1024 * 1024;

/**
 * Gathers the socket's small chunks (about 64 KB each) into 1 MiB buffers: on this kind of disk, writes
 * that size are several times faster, and memory stays bounded by one buffer per upload.
 */
function coalesce() {
  let parts: Buffer[] = [];
  let size = 0;
  return new Transform({
    transform(chunk: Buffer, _encoding, callback) {
      parts.push(chunk);
      size += chunk.length;
      if (size < WRITE_BYTES) return callback();
      const block = Buffer.concat(parts, size);
      parts = [];
      size = 0;
      callback(null, block);
    },
    flush(callback) {
      callback(null, size > 0 ? Buffer.concat(parts, size) : undefined);
    },
  });
}

/** The tus file store, writing in large blocks; everything else (offsets, metadata, expiry) is the library's. */
class CoalescingFileStore extends FileStore {
  override async write(readable: Readable, fileId: string, offset: number) {
    const writable = createWriteStream(path.join(this.directory, fileId), {
      flags: 'r+',
      start: offset,
      highWaterMark: 4 * WRITE_BYTES,
    });
    let received = 0;
    const counter = new Transform({
      transform(chunk: Buffer, _encoding, callback) {
        received += chunk.length;
        callback(null, chunk);
      },
    });
    try {
      await pipeline(readable, counter, coalesce(), writable);
    } catch {
      throw ERRORS.FILE_WRITE_ERROR;
    }
    return offset + received;
  }
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
    this.fileStore = new CoalescingFileStore({ directory, expirationPeriodInMilliseconds: 24 * 3600_000 });
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
