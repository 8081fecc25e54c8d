import { randomBytes } from 'node:crypto';
import { mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startS3 } from '../../../test/fakes/s3';
import { createDiskStorage } from './disk-storage';
import { createS3Storage } from './s3-storage';
import type { Storage } from './storage';

let work: string;
let s3: Awaited<ReturnType<typeof startS3>>;
const stores: Record<string, () => Storage> = {};

beforeAll(async () => {
  work = await mkdtemp(path.join(tmpdir(), 'screenroom-storage-'));
  s3 = await startS3();
  stores.disk = () => createDiskStorage(path.join(work, 'disk'));
  stores.s3 = () => createS3Storage(s3.settings);
});
afterAll(async () => {
  await s3.close();
  await rm(work, { recursive: true, force: true });
});

describe.each(['disk', 's3'])('%s storage', (kind) => {
  const storage = () => stores[kind]!();

  it('stores, reads, lists and deletes objects byte for byte', async () => {
    const store = storage();
    const bytes = randomBytes(300_000);
    await store.put('videos/a/hls/360p/seg_00001.ts', bytes);
    await store.put('videos/a/hls/360p/index.m3u8', '#EXTM3U\n');
    await store.put('videos/b/other.txt', 'x');
    expect((await store.getBuffer('videos/a/hls/360p/seg_00001.ts'))?.equals(bytes)).toBe(true);
    const object = await store.get('videos/a/hls/360p/index.m3u8');
    expect(object?.contentType).toBe('application/vnd.apple.mpegurl');
    expect((await store.list('videos/a')).sort()).toEqual([
      'videos/a/hls/360p/index.m3u8',
      'videos/a/hls/360p/seg_00001.ts',
    ]);
    await store.deletePrefix('videos/a');
    expect(await store.list('videos/a')).toEqual([]);
    expect(await store.exists('videos/b/other.txt')).toBe(true);
    expect(await store.get('videos/a/hls/360p/index.m3u8')).toBeNull();
  });

  it('stores a local file and downloads it back intact (streamed, no chunk framing)', async () => {
    const store = storage();
    const source = path.join(work, `${kind}-source.bin`);
    const bytes = randomBytes(2_500_000);
    await writeFile(source, bytes);
    await store.putFile('videos/c/source', source);
    const back = path.join(work, `${kind}-back.bin`);
    await store.download('videos/c/source', back);
    expect((await readFile(back)).equals(bytes)).toBe(true);
  });

  it('refuses keys that escape their folder', async () => {
    await expect(storage().put('../outside', 'x')).rejects.toThrow(/Unsafe storage key/);
    await expect(storage().get('videos//x')).rejects.toThrow(/Unsafe storage key/);
  });

  it('hands out signed URLs only where the browser can use them', async () => {
    const store = storage();
    await store.put('videos/d/seg.ts', 'segment');
    const url = await store.signedUrl('videos/d/seg.ts', 60);
    if (kind === 'disk') {
      expect(url).toBeNull();
    } else {
      expect(url).toMatch(/X-Amz-Signature=/);
      const response = await fetch(url!);
      expect(await response.text()).toBe('segment');
    }
  });
});
