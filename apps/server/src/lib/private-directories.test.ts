import { mkdirSync, statSync, writeFileSync } from 'node:fs';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { createTestApp } from '../../test/helpers';
import { keepPrivate, PRIVATE_DATA_DIRECTORIES } from './private-directories';

const modeOf = (file: string) => statSync(file).mode & 0o777;
const roots: string[] = [];
afterAll(async () => {
  for (const root of roots) await rm(root, { recursive: true, force: true });
});

describe('the server’s own directories under DATA_DIR', () => {
  it('let only the server’s user in, also those a looser umask made before', async () => {
    const root = await mkdtemp(path.join(tmpdir(), 'screenroom-private-'));
    roots.push(root);
    mkdirSync(path.join(root, 'storage'), { mode: 0o755 });
    writeFileSync(path.join(root, 'storage', 'segment.ts'), 'unreleased', { mode: 0o644 });
    const rootMode = modeOf(root);
    keepPrivate(root);
    for (const name of PRIVATE_DATA_DIRECTORIES) expect(modeOf(path.join(root, name)), name).toBe(0o700);
    // DATA_DIR itself is left as it was (the embedded PostgreSQL may run as another user).
    expect(modeOf(root)).toBe(rootMode);
  });

  it('are made private when the server starts', async () => {
    const t = await createTestApp();
    try {
      for (const name of PRIVATE_DATA_DIRECTORIES)
        expect(modeOf(path.join(t.container.config.dataDir, name)), name).toBe(0o700);
    } finally {
      await t.close();
    }
  });
});
