import { randomBytes } from 'node:crypto';
import { createReadStream, createWriteStream, existsSync } from 'node:fs';
import { copyFile, mkdir, readdir, readFile, rename, rm, stat, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { pipeline } from 'node:stream/promises';
import { assertSafeKey, contentTypeFor, type Storage } from './storage';

/** Files under a root folder; writes go to a temporary name first, so a reader never sees half a file. */
export function createDiskStorage(root: string): Storage {
  const fileOf = (key: string) => {
    assertSafeKey(key);
    return path.join(root, key);
  };
  const tempFor = (file: string) => `${file}.${randomBytes(6).toString('hex')}.tmp`;

  async function listFiles(dir: string, prefix: string): Promise<string[]> {
    const entries = await readdir(dir, { withFileTypes: true }).catch(() => []);
    const keys: string[] = [];
    for (const entry of entries) {
      const key = prefix ? `${prefix}/${entry.name}` : entry.name;
      if (entry.isDirectory()) keys.push(...(await listFiles(path.join(dir, entry.name), key)));
      else if (!entry.name.endsWith('.tmp')) keys.push(key);
    }
    return keys;
  }

  return {
    kind: 'disk',
    async put(key, body) {
      const file = fileOf(key);
      await mkdir(path.dirname(file), { recursive: true });
      const temp = tempFor(file);
      await writeFile(temp, body);
      await rename(temp, file);
    },
    async putFile(key, filePath, options = {}) {
      const file = fileOf(key);
      await mkdir(path.dirname(file), { recursive: true });
      if (options.move) {
        try {
          await rename(filePath, file);
          return;
        } catch {
          // Another filesystem: copy below.
        }
      }
      const temp = tempFor(file);
      await copyFile(filePath, temp);
      await rename(temp, file);
      if (options.move) await rm(filePath, { force: true });
    },
    async get(key) {
      const file = fileOf(key);
      const info = await stat(file).catch(() => null);
      if (!info?.isFile()) return null;
      return { body: createReadStream(file), size: info.size, contentType: contentTypeFor(key) };
    },
    async getBuffer(key) {
      return readFile(fileOf(key)).catch(() => null);
    },
    async download(key, filePath) {
      await mkdir(path.dirname(filePath), { recursive: true });
      await pipeline(createReadStream(fileOf(key)), createWriteStream(filePath));
    },
    localPath(key) {
      return fileOf(key);
    },
    async exists(key) {
      return existsSync(fileOf(key));
    },
    async list(prefix) {
      assertSafeKey(prefix);
      return listFiles(path.join(root, prefix), prefix);
    },
    async delete(key) {
      await rm(fileOf(key), { force: true });
    },
    async deletePrefix(prefix) {
      assertSafeKey(prefix);
      await rm(path.join(root, prefix), { recursive: true, force: true });
    },
    async signedUrl() {
      return null;
    },
  };
}
