import { chmodSync, mkdirSync } from 'node:fs';
import path from 'node:path';

/** What this server keeps under DATA_DIR for itself: films, uploads, encoding work, samples, events. */
export const PRIVATE_DATA_DIRECTORIES = ['storage', 'uploads', 'work', 'samples', 'event-journal'] as const;

/**
 * Makes each directory (under `root`) and lets only this process's user into it, whatever the umask
 * made of it before: another user of the machine must not read unreleased films or their segments.
 * DATA_DIR itself stays enterable, as the embedded PostgreSQL may run as another user (root's case).
 */
export function keepPrivate(root: string, directories: readonly string[] = PRIVATE_DATA_DIRECTORIES) {
  for (const name of directories) {
    const directory = path.join(root, name);
    mkdirSync(directory, { recursive: true, mode: 0o700 });
    chmodSync(directory, 0o700);
  }
}
