import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { probeFile } from './probe';
import { ensureSampleFilm } from './sample-film';
import { resolveMediaTools } from './tools';

describe('the sample film', () => {
  const dirs: string[] = [];
  afterAll(async () => {
    for (const dir of dirs) await rm(dir, { recursive: true, force: true });
  });

  it('can be as short as the configuration allows (4 s): the title card shrinks to fit', async () => {
    const dir = await mkdtemp(path.join(tmpdir(), 'sample-film-'));
    dirs.push(dir);
    const tools = resolveMediaTools();
    const file = await ensureSampleFilm(tools, dir, 4);
    const probe = await probeFile(tools, file);
    expect(probe.durationSeconds).toBeGreaterThan(3.5);
    expect(probe.durationSeconds).toBeLessThan(4.5);
    expect(probe.hasAudio).toBe(true);
  });
});
