import { FileStore } from '@tus/file-store';

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
