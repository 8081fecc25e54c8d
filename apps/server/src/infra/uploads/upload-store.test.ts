import { mkdtemp, readdir, readFile, rename, rm, utimes, writeFile } from 'node:fs/promises';
import { createServer, request } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { Readable } from 'node:stream';
import { Upload } from '@tus/utils';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { UploadBodyTooLarge, UploadStore } from './upload-store';

const id = 'a'.repeat(32);
let directory: string;
let store: UploadStore;
beforeEach(async () => {
  directory = await mkdtemp(path.join(tmpdir(), 'upload-store-'));
  store = new UploadStore(directory);
  await writeFile(path.join(directory, id), 'abc');
});
afterEach(() => rm(directory, { recursive: true, force: true }));

describe('UploadStore.append', () => {
  it('writes the body at the offset and answers the new offset', async () => {
    expect(await store.append(id, 3, Readable.from([Buffer.from('def'), Buffer.from('gh')]), 10)).toBe(8);
    expect(await readFile(path.join(directory, id), 'utf8')).toBe('abcdefgh');
  });

  it('refuses more bytes than the upload has room for', async () => {
    await expect(store.append(id, 3, Readable.from([Buffer.from('defg')]), 3)).rejects.toBeInstanceOf(
      UploadBodyTooLarge,
    );
  });

  // A PATCH destroyed by a newer one while it waited for the disk. Unchecked, a request whose body had
  // arrived was written as if delivered (here, 4 bytes), and one still arriving could leave pipeline()
  // unsettled, the route holding the upload's lock until the server restarted (six PATCHes at once).
  it('fails at once for a request already gone, so its lock is released', async () => {
    const appended = new Promise<unknown>((resolve) => {
      const server = createServer((req) => {
        // Its whole body has arrived (a small film) when the newer request destroys it.
        setTimeout(() => {
          req.destroy();
          store.append(id, 3, req, 10).then(resolve, resolve);
        }, 50);
      }).listen(0, '127.0.0.1', () => {
        const { port } = server.address() as AddressInfo;
        request({ port, method: 'PATCH', host: '127.0.0.1' })
          .on('error', () => server.close())
          .end('defg');
      });
    });
    expect(await appended).toMatchObject({ code: 'ERR_STREAM_PREMATURE_CLOSE' });
    expect(await readFile(path.join(directory, id), 'utf8')).toBe('abc');
  });
});

describe('UploadStore leftovers', () => {
  const other = 'b'.repeat(32);
  const created = (uploadId: string) =>
    store.fileStore.create(
      new Upload({ id: uploadId, size: 3, offset: 0, creation_date: new Date().toISOString() }),
    );
  const files = async () => (await readdir(directory)).sort();

  // A film takes its upload's file into storage by moving it; the library's remove then failed on the
  // missing file before it reached the info file, and every screener's `.json` stayed in the directory.
  it('removes the info file of an upload whose file was moved away', async () => {
    await created(other);
    await rename(path.join(directory, other), path.join(directory, 'moved-into-storage'));
    await store.remove(other);
    expect(await files()).toEqual([id, 'moved-into-storage']);
  });

  it('removes both files of an upload, and nothing for an address that is not an upload', async () => {
    await created(other);
    await store.remove(other);
    await store.remove('../moved');
    expect(await files()).toEqual([id]);
  });

  // Those left before the fix: the library lists only uploads that have both files, so it never saw them.
  it('deletes in housekeeping an info file left without its upload, and a file left without its info once expired', async () => {
    await created(other);
    await rm(path.join(directory, other));
    const stale = 'c'.repeat(32);
    await writeFile(path.join(directory, stale), 'half-made');
    const dayAndAMinuteAgo = new Date(Date.now() - store.fileStore.getExpiration() - 60_000);
    await utimes(path.join(directory, stale), dayAndAMinuteAgo, dayAndAMinuteAgo);
    await writeFile(path.join(directory, 'notes.txt'), 'not ours');
    await store.deleteExpired();
    // `id` (a file being created, without its info yet) is new, so it stays.
    expect(await files()).toEqual([id, 'notes.txt']);
  });
});
