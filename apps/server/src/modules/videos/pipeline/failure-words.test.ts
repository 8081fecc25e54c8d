import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { makeClip } from '../../../../test/clips';
import { createTestApp, type TestApp } from '../../../../test/helpers';
import { tusUpload, waitForVideo } from '../../../../test/media';
import { failureInWords } from './video-pipeline';

let t: TestApp;
let dir: string;
beforeAll(async () => {
  t = await createTestApp({}, { worker: true });
  dir = await mkdtemp(path.join(tmpdir(), 'screenroom-failure-words-'));
});
afterAll(async () => {
  await t.close();
  await rm(dir, { recursive: true, force: true });
});

describe('why a film failed, as the presenter reads it', () => {
  it('never shows the server’s paths: a work folder that cannot be made is "on our side"', {
    timeout: 90_000,
  }, async () => {
    const me = await t.signUp();
    // The work folder's place taken by a file: every step's mkdir fails (ENOTDIR, with the path).
    const work = path.join(t.dataDir, 'work');
    await rm(work, { recursive: true, force: true });
    await writeFile(work, 'not a folder');
    const { uploadId } = await tusUpload(
      t,
      me.headers,
      await makeClip(path.join(dir, 'c.mp4'), { seconds: 1 }),
    );
    const created = await t.app.inject({
      method: 'POST',
      url: '/v1/videos',
      headers: me.headers,
      payload: { source: 'upload', upload_id: uploadId, title: 'No room', description: 'Work folder gone' },
    });
    expect(created.statusCode, created.body).toBe(201);
    const failed = await waitForVideo(
      t,
      me.headers,
      created.json().video.id,
      (v) => Boolean((v as { failure_reason?: unknown }).failure_reason),
      60_000,
    );
    const reason = String(failed.failure_reason);
    expect(reason).toMatch(/^The encode step failed on our side/);
    expect(reason).not.toContain(t.dataDir);
    expect(reason).not.toMatch(/ENOTDIR|mkdir/);
  });

  it('says so when the disk is full', async () => {
    const full = await writeFile('/dev/full', 'x').catch((error: unknown) => error);
    expect(failureInWords('encrypt', full)).toBe(
      'The encrypt step failed: the server ran out of storage space. Retry once there is room.',
    );
  });
});
