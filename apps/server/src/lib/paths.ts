import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';

/** The server package's root, found by walking up: the same answer from `src/` and from the `dist/` bundle. */
function findServerRoot(start: string): string {
  let dir = start;
  for (;;) {
    const pkg = path.join(dir, 'package.json');
    if (existsSync(pkg) && JSON.parse(readFileSync(pkg, 'utf8')).name === '@screenroom/server') return dir;
    const parent = path.dirname(dir);
    if (parent === dir) throw new Error(`Cannot find the @screenroom/server package above ${start}`);
    dir = parent;
  }
}

export const SERVER_ROOT = findServerRoot(import.meta.dirname);
export const MIGRATIONS_DIR = path.join(SERVER_ROOT, 'drizzle');
export const DEFAULT_WEB_DIST_DIR = path.resolve(SERVER_ROOT, '../web/dist');
