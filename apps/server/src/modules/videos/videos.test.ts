import { mkdtemp, readdir, rm, symlink, writeFile } from 'node:fs/promises';
import { request } from 'node:http';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { MESSAGES } from '@screenroom/shared/messages';
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { makeBomb, makeClip } from '../../../test/clips';
import { createPlayableFilm } from '../../../test/fixtures';
import { createTestApp, type TestApp } from '../../../test/helpers';
import { blackPng } from '../../../test/images';
import { tusCreate, tusPatch, tusUpload, uploadIdOf } from '../../../test/media';
import { logs } from '../../db/schema/logs';
import { fileTooLargeMessage, IMAGE_TOO_LARGE_MESSAGE, NOT_A_VIDEO_MESSAGE } from './videos.service';

let t: TestApp;
let dir: string;
let clip: string;

beforeAll(async () => {
  t = await createTestApp({
    PLAN_FREE_VIDEO_LIMIT: '1',
    UPLOAD_MAX_BYTES: String(3 * 1024 * 1024),
    UPLOAD_QUOTA_BYTES: String(8 * 1024 * 1024),
  });
  dir = await mkdtemp(path.join(tmpdir(), 'screenroom-videos-'));
  clip = await makeClip(path.join(dir, 'clip.mp4'), { seconds: 3 });
});
afterAll(async () => {
  expect(t.undocumentedAnswers(), 'answers the API document does not list').toEqual([]);
  await t.close();
  await rm(dir, { recursive: true, force: true });
});

/** POST /videos making a screener of an upload. */
const screenerOf = (headers: Record<string, string>, uploadId: string, fields: object) =>
  t.app.inject({
    method: 'POST',
    url: '/v1/videos',
    headers,
    payload: { source: 'upload', upload_id: uploadId, ...fields },
  });

async function createUploaded(headers: Record<string, string>, title = 'Night Train') {
  const { uploadId, finished } = await tusUpload(t, headers, clip);
  expect(finished.statusCode).toBe(204);
  return t.app.inject({
    method: 'POST',
    url: '/v1/videos',
    headers,
    payload: {
      source: 'upload',
      upload_id: uploadId,
      title,
      description: 'A film about trains',
      director: 'Ana',
    },
  });
}

async function asProfessional(id: string) {
  await t.container.presenters.patch(id, { ruleSet: 'PROFESSIONAL' });
}

const png = Buffer.from(
  '89504e470d0a1a0a0000000d49484452000000010000000108060000001f15c4890000000d49444154789c6360000002000154a24f5d0000000049454e44ae426082',
  'hex',
);
const gif = Buffer.from(
  '47494638396101000100800000000000ffffff21f90401000000002c00000000010001000002024401003b',
  'hex',
);

function imageForm(videoId: string, kind: string, file: Buffer, filename: string) {
  const boundary = '----screenroomtest';
  const part = (name: string, value: string) =>
    `--${boundary}\r\nContent-Disposition: form-data; name="${name}"\r\n\r\n${value}\r\n`;
  const payload = Buffer.concat([
    Buffer.from(part('videoId', videoId) + part('kind', kind)),
    Buffer.from(
      `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="${filename}"\r\nContent-Type: image/png\r\n\r\n`,
    ),
    file,
    Buffer.from(`\r\n--${boundary}--\r\n`),
  ]);
  return { payload, headers: { 'content-type': `multipart/form-data; boundary=${boundary}` } };
}

describe('uploads (tus) and POST /videos', () => {
  it('turns a finished upload into a screener queued for processing', async () => {
    const me = await t.signUp();
    const res = await createUploaded(me.headers);
    expect(res.statusCode).toBe(201);
    expect(res.json().video).toMatchObject({
      type: 'upload',
      status: 'uploaded-on-encoder',
      title: 'Night Train',
      description: 'A film about trains',
      director: 'Ana',
      enable_logo: true,
      enable_watermark: false,
      playable: false,
    });
    const list = await t.app.inject({ method: 'GET', url: '/v1/videos', headers: me.headers });
    expect(list.json().results.map((v: { title: string }) => v.title)).toEqual(['Night Train']);
  });

  it('keeps nothing of the upload once it is a screener: neither its file nor its info file', async () => {
    const me = await t.signUp();
    const { uploadId } = await tusUpload(t, me.headers, clip);
    const res = await screenerOf(me.headers, uploadId, { title: 'Tidy', description: 'Nothing left' });
    expect(res.statusCode).toBe(201);
    const left = (await readdir(t.container.uploads.directory)).filter((name) => name.startsWith(uploadId));
    expect(left).toEqual([]);
  });

  it("requires a name and a description: 'Name and Description are required'", async () => {
    const me = await t.signUp();
    const { uploadId } = await tusUpload(t, me.headers, clip);
    for (const body of [
      {},
      { title: 'Only a title' },
      { description: 'Only a description' },
      { title: ' ', description: ' ' },
    ]) {
      const res = await screenerOf(me.headers, uploadId, body);
      expect(res.statusCode).toBe(400);
      expect(res.json().message).toBe(MESSAGES.nameAndDescription);
    }
  });

  it('refuses a file that is not a video, whatever its name, and keeps nothing of it', async () => {
    const me = await t.signUp();
    const fake = Buffer.from('I am a text file named like a film. '.repeat(200));
    const { uploadId, finished } = await tusUpload(t, me.headers, fake, {
      filename: 'film.mp4',
      filetype: 'video/mp4',
    });
    expect(finished.statusCode).toBe(415);
    expect(JSON.parse(finished.body).message).toBe(NOT_A_VIDEO_MESSAGE);
    expect(await t.container.uploads.get(uploadId)).toBeNull();
    const res = await screenerOf(me.headers, uploadId, { title: 'X', description: 'Y' });
    expect(res.statusCode).toBe(404);
  });

  it('refuses a kilobyte that claims a hundred hours of film, before anything encodes it', async () => {
    const me = await t.signUp();
    // Two frames 100 hours apart: the encoder would fill the gap, 100 hours at every rung.
    const bomb = await makeBomb(path.join(dir, 'bomb.mkv'), {
      seconds: 100 * 3600,
      width: 1920,
      height: 1080,
    });
    const { uploadId, finished } = await tusUpload(t, me.headers, bomb, { filename: 'film.mkv' });
    expect(finished.statusCode).toBe(422);
    expect(JSON.parse(finished.body).message).toBe(
      'This film runs longer than 12 hours, the longest we take.',
    );
    expect(await t.container.uploads.get(uploadId)).toBeNull();
    const res = await screenerOf(me.headers, uploadId, { title: 'X', description: 'Y' });
    expect(res.statusCode).toBe(404);
  });

  it('refuses a truncated upload until it is resumed and finished', async () => {
    const me = await t.signUp();
    const { readFile } = await import('node:fs/promises');
    const bytes = await readFile(clip);
    const created = await tusCreate(t, me.headers, bytes.length);
    const location = created.headers.location as string;
    const half = Math.floor(bytes.length / 2);
    expect((await tusPatch(t, me.headers, location, 0, bytes.subarray(0, half))).statusCode).toBe(204);
    const early = await screenerOf(me.headers, uploadIdOf(location), {
      title: 'Half',
      description: 'Half a film',
    });
    expect(early.statusCode).toBe(409);
    expect(early.json().message).toMatch(/not complete/);
    // Resume where the server says it stopped.
    const head = await t.app.inject({
      method: 'HEAD',
      url: location,
      headers: { ...me.headers, 'tus-resumable': '1.0.0' },
    });
    expect(Number(head.headers['upload-offset'])).toBe(half);
    expect((await tusPatch(t, me.headers, location, half, bytes.subarray(half))).statusCode).toBe(204);
    const done = await screenerOf(me.headers, uploadIdOf(location), {
      title: 'Whole',
      description: 'A whole film',
    });
    expect(done.statusCode).toBe(201);
  });

  it("keeps tus's rules for the bytes: offset, size, headers", async () => {
    const me = await t.signUp();
    const created = await tusCreate(t, me.headers, 100);
    const location = created.headers.location as string;
    const patch = (headers: Record<string, string>, body: Buffer) =>
      t.app.inject({ method: 'PATCH', url: location, headers: { ...me.headers, ...headers }, payload: body });
    const tusHeaders = {
      'tus-resumable': '1.0.0',
      'upload-offset': '0',
      'content-type': 'application/offset+octet-stream',
    };
    expect((await patch({ ...tusHeaders, 'tus-resumable': '' }, Buffer.alloc(10))).statusCode).toBe(412);
    expect((await patch({ ...tusHeaders, 'content-type': 'text/plain' }, Buffer.alloc(10))).statusCode).toBe(
      415,
    );
    // The usual mistake: a generic binary type. Answered in tus's terms, not as a JSON API refusal.
    const octets = await patch(
      { ...tusHeaders, 'content-type': 'application/octet-stream' },
      Buffer.alloc(10),
    );
    expect(octets.statusCode).toBe(415);
    expect(octets.headers['tus-resumable']).toBe('1.0.0');
    expect(octets.json().message).toBe('The body of an upload must be application/offset+octet-stream.');
    const noOffset = await patch({ ...tusHeaders, 'upload-offset': 'ten' }, Buffer.alloc(10));
    expect(noOffset.statusCode).toBe(400);
    expect(noOffset.json().message).toMatch(/Upload-Offset/);
    expect((await patch(tusHeaders, Buffer.alloc(101))).statusCode).toBe(413);

    const first = await tusPatch(t, me.headers, location, 0, Buffer.alloc(40, 1));
    expect(first.statusCode).toBe(204);
    expect(first.headers['upload-offset']).toBe('40');
    expect(first.headers['upload-expires']).toBeTruthy();
    const replayed = await tusPatch(t, me.headers, location, 0, Buffer.alloc(40, 1));
    expect(replayed.statusCode).toBe(409);
    expect(replayed.json().message).toBe('This upload is at byte 40; resume from there.');
    expect((await tusPatch(t, me.headers, location, 40, Buffer.alloc(61))).statusCode).toBe(413);
    const head = await t.app.inject({
      method: 'HEAD',
      url: location,
      headers: { ...me.headers, 'tus-resumable': '1.0.0' },
    });
    expect(head.headers['upload-offset']).toBe('40');
  });

  it("answers tus's header and protocol refusals in words, as JSON", async () => {
    const me = await t.signUp();
    const post = (headers: Record<string, string>, url = '/v1/uploads') =>
      t.app.inject({ method: 'POST', url, headers: { ...me.headers, 'tus-resumable': '1.0.0', ...headers } });
    const refusal = async (res: Awaited<ReturnType<typeof post>>, status: number, message: string) => {
      expect(res.statusCode).toBe(status);
      expect(res.headers['content-type']).toMatch(/^application\/json/);
      expect(JSON.parse(res.body)).toEqual({ message });
    };
    await refusal(
      await post({ 'upload-length': '-1' }),
      400,
      'Upload-Length must be a whole number of bytes.',
    );
    await refusal(
      await post({ 'upload-length': 'ten' }),
      400,
      'Upload-Length must be a whole number of bytes.',
    );
    await refusal(await post({}), 400, 'Give the file’s size (Upload-Length) when the upload starts.');
    const badMetadata = 'Upload-Metadata must be comma-separated pairs of a name and a Base64 value.';
    await refusal(await post({ 'upload-length': '10', 'upload-metadata': 'a b c' }), 400, badMetadata);
    await refusal(
      await post({ 'upload-length': '10', 'upload-metadata': 'a YQ==,a YQ==' }),
      400,
      badMetadata,
    );
    // Past the size limit, the limit is named (the library's own words were 'Maximum size exceeded').
    await refusal(
      await post({ 'upload-length': '10995116277760' }),
      413,
      fileTooLargeMessage(t.container.config.uploadMaxBytes),
    );
    const wrongVersion = await post({ 'tus-resumable': '0.2.0', 'upload-length': '10' });
    await refusal(wrongVersion, 412, 'This server speaks tus 1.0.0 (Tus-Resumable: 1.0.0).');
    expect(wrongVersion.headers['tus-version']).toBe('1.0.0');

    const created = await tusCreate(t, me.headers, 100);
    const location = created.headers.location as string;
    // A chunk in another protocol version is refused, not written.
    const chunk = await t.app.inject({
      method: 'PATCH',
      url: location,
      headers: {
        ...me.headers,
        'tus-resumable': 'banana',
        'upload-offset': '0',
        'content-type': 'application/offset+octet-stream',
      },
      payload: Buffer.alloc(10),
    });
    expect(chunk.statusCode).toBe(412);
    const head = await t.app.inject({
      method: 'HEAD',
      url: location,
      headers: { ...me.headers, 'tus-resumable': '1.0.0' },
    });
    expect(head.headers['upload-offset']).toBe('0');
    // An upload's own address does not create another upload.
    expect((await post({ 'upload-length': '10' }, location)).statusCode).toBe(404);
    const unknown = await t.app.inject({
      method: 'DELETE',
      url: '/v1/uploads/0123456789abcdef0123456789abcdef',
      headers: { ...me.headers, 'tus-resumable': '1.0.0' },
    });
    await refusal(unknown, 404, 'This upload does not exist.');
    // A header only the library checks is refused as JSON too (it used to be text: 'Invalid …').
    await refusal(
      await post({ 'upload-length': '10', 'upload-concat': 'bogus' }),
      400,
      'Invalid upload-concat',
    );
  });

  it('keeps the bytes that arrived before the connection dropped, so the upload resumes there', async () => {
    const me = await t.signUp();
    const created = await tusCreate(t, me.headers, 1024 * 1024);
    const location = created.headers.location as string;
    const address = await t.app.listen({ port: 0, host: '127.0.0.1' });
    const sent = 256 * 1024;
    await new Promise<void>((resolve) => {
      const req = request(new URL(location, `${address}/v1/uploads/`), {
        method: 'PATCH',
        headers: {
          ...me.headers,
          'tus-resumable': '1.0.0',
          'upload-offset': '0',
          'content-type': 'application/offset+octet-stream',
          'content-length': String(1024 * 1024),
        },
      });
      req.on('error', () => {});
      req.on('close', () => resolve());
      req.write(Buffer.alloc(sent, 7), () => setTimeout(() => req.destroy(), 200));
    });
    let offset = 0;
    for (let i = 0; i < 50 && offset !== sent; i++) {
      const head = await t.app.inject({
        method: 'HEAD',
        url: location,
        headers: { ...me.headers, 'tus-resumable': '1.0.0' },
      });
      offset = Number(head.headers['upload-offset']);
      if (offset !== sent) await new Promise((r) => setTimeout(r, 50));
    }
    expect(offset).toBe(sent);
    const rest = await tusPatch(t, me.headers, location, sent, Buffer.alloc(768 * 1024, 7));
    expect(rest.statusCode).toBe(415); // Complete now, and probed: zeros and sevens are not a film.
  });

  it('answers a full disk with a 507 in words that shows no internals, and the upload carries on once there is room', async () => {
    const me = await t.signUp();
    const created = await tusCreate(t, me.headers, 100);
    const location = created.headers.location as string;
    const file = path.join(t.container.uploads.directory, uploadIdOf(location));
    // /dev/full refuses every write with ENOSPC: a real full disk under the upload's file.
    await rm(file);
    await symlink('/dev/full', file);
    const full = await tusPatch(t, me.headers, location, 0, Buffer.alloc(40, 1));
    // 507, not 500: the web's upload client retries it, and the person is told why.
    expect(full.statusCode).toBe(507);
    expect(full.json()).toEqual({ message: MESSAGES.storageFull, code: 'INSUFFICIENT_STORAGE' });
    expect(full.body).not.toMatch(/ENOSPC|dev\/full|uploads/);
    const logged = await t.db.select().from(logs).where(eq(logs.level, 'error'));
    // The cause is kept for administrators, in the stack trace; the message shows none of it.
    const entry = logged.find((l) => l.message.includes('/v1/uploads/:id'));
    expect(entry?.stackTrace).toMatch(/ENOSPC/);
    expect(entry?.message).not.toMatch(/ENOSPC/);

    await rm(file);
    await writeFile(file, '');
    // The failed request let go of the upload's lock: the retry is taken, not answered 423.
    const retried = await tusPatch(t, me.headers, location, 0, Buffer.alloc(40, 1));
    expect(retried.statusCode).toBe(204);
    expect(retried.headers['upload-offset']).toBe('40');
  });

  it('refuses an upload over the size limit before any byte is sent', async () => {
    const me = await t.signUp();
    const res = await tusCreate(t, me.headers, 50 * 1024 * 1024);
    expect(res.statusCode).toBe(413);
  });

  it('asks for the file’s size up front rather than later (Upload-Defer-Length)', async () => {
    const me = await t.signUp();
    const res = await t.app.inject({
      method: 'POST',
      url: '/v1/uploads',
      headers: { ...me.headers, 'tus-resumable': '1.0.0', 'upload-defer-length': '1' },
    });
    expect(res.statusCode).toBe(400);
    expect(res.body).toContain('Give the file’s size (Upload-Length) when the upload starts.');
  });

  it('needs a signed-in presenter, and hides other presenters’ uploads', async () => {
    const anonymous = await tusCreate(t, {}, 1000);
    expect(anonymous.statusCode).toBe(401);
    const owner = await t.signUp();
    const other = await t.signUp();
    const created = await tusCreate(t, owner.headers, 1000);
    const location = created.headers.location as string;
    const patch = await tusPatch(t, other.headers, location, 0, Buffer.alloc(10));
    expect(patch.statusCode).toBe(404);
    // An address beside the upload's id ('<id>.json' is its record on disk) is no way around the check.
    for (const method of ['DELETE', 'HEAD'] as const) {
      const sideways = await t.app.inject({
        method,
        url: `${location}.json`,
        headers: { ...other.headers, 'tus-resumable': '1.0.0' },
      });
      expect(sideways.statusCode).toBe(404);
    }
    const head = await t.app.inject({
      method: 'HEAD',
      url: location,
      headers: { ...owner.headers, 'tus-resumable': '1.0.0' },
    });
    expect(head.statusCode).toBe(200);
    const { uploadId } = await tusUpload(t, owner.headers, clip);
    const steal = await screenerOf(other.headers, uploadId, { title: 'Mine now', description: 'No' });
    expect(steal.statusCode).toBe(404);
  });

  it('limits the FREE plan to its number of screeners', async () => {
    const me = await t.signUp();
    expect((await createUploaded(me.headers)).statusCode).toBe(201);
    const refused = await tusCreate(t, me.headers, 1000);
    expect(refused.statusCode).toBe(403);
    expect(JSON.parse(refused.body).message).toBe(MESSAGES.videoLimitReached(1));
    await asProfessional(me.id);
    expect((await tusCreate(t, me.headers, 1000)).statusCode).toBe(201);
  });

  it('lets concurrent additions past the limit make only one screener', async () => {
    const me = await t.signUp();
    const uploads = [];
    for (let i = 0; i < 4; i++) uploads.push((await tusUpload(t, me.headers, clip)).uploadId);
    const answers = await Promise.all(
      uploads.map((uploadId) => screenerOf(me.headers, uploadId, { title: 'Race', description: 'At once' })),
    );
    expect(answers.map((a) => a.statusCode).sort()).toEqual([201, 403, 403, 403]);
    const list = await t.app.inject({ method: 'GET', url: '/v1/videos', headers: me.headers });
    expect(list.json().results.filter((v: { type: string }) => v.type !== 'sample')).toHaveLength(1);
  });

  it('counts uploads not yet made into screeners against the storage', async () => {
    const me = await t.signUp();
    const threeMegabytes = 3 * 1024 * 1024;
    expect((await tusCreate(t, me.headers, threeMegabytes)).statusCode).toBe(201);
    expect((await tusCreate(t, me.headers, threeMegabytes)).statusCode).toBe(201);
    // 6 MB held by two unfinished uploads: a third would pass the 8 MB of storage.
    const third = await tusCreate(t, me.headers, threeMegabytes);
    expect(third.statusCode).toBe(413);
    expect(JSON.parse(third.body).message).toMatch(/uploads not yet made into screeners/);
  });

  it('counts uploads started at the same moment against the storage one after another', async () => {
    const me = await t.signUp();
    const threeMegabytes = 3 * 1024 * 1024;
    const created = await Promise.all(
      Array.from({ length: 6 }, () => tusCreate(t, me.headers, threeMegabytes)),
    );
    // Two fit in the 8 MB; each of the others sees them.
    expect(created.map((c) => c.statusCode).sort()).toEqual([201, 201, 413, 413, 413, 413]);
  });

  it('frees the storage of an upload once it is deleted, or made a screener', async () => {
    const me = await t.signUp();
    await asProfessional(me.id);
    const threeMegabytes = 3 * 1024 * 1024;
    const first = await tusCreate(t, me.headers, threeMegabytes);
    expect((await tusCreate(t, me.headers, threeMegabytes)).statusCode).toBe(201);
    expect((await tusCreate(t, me.headers, threeMegabytes)).statusCode).toBe(413);
    // Freed before the deletion is answered, however slow the database: an upload started the moment
    // after finds the storage free (the library freed it in an event after its answer).
    const { videos } = t.container;
    const release = videos.releaseUpload.bind(videos);
    const slowRelease = vi.spyOn(videos, 'releaseUpload').mockImplementation(async (id) => {
      await new Promise((resolve) => setTimeout(resolve, 300));
      return release(id);
    });
    try {
      const deleted = await t.app.inject({
        method: 'DELETE',
        url: first.headers.location as string,
        headers: { ...me.headers, 'tus-resumable': '1.0.0' },
      });
      expect(deleted.statusCode).toBe(204);
    } finally {
      slowRelease.mockRestore();
    }
    expect((await tusCreate(t, me.headers, threeMegabytes)).statusCode).toBe(201);
    // A film made of an upload holds its storage as a film, not twice.
    const other = await t.signUp();
    await asProfessional(other.id);
    expect((await createUploaded(other.headers)).statusCode).toBe(201);
    const held = Number(
      (
        await t.db.execute(
          sql`select (select coalesce(sum(bytes), 0) from upload_reservations where presenter_id = ${other.id}) as n`,
        )
      ).rows[0]!.n,
    );
    expect(held).toBe(0);
  });

  // The reservation is written before tus makes the upload's file: a creation that then failed held
  // the storage for a day, with nothing to resume.
  it('frees the storage of an upload whose file could not be made', async () => {
    const me = await t.signUp();
    const heldBy = async (presenterId: string) =>
      Number(
        (
          await t.db.execute(
            sql`select coalesce(sum(bytes), 0) as n from upload_reservations where presenter_id = ${presenterId}`,
          )
        ).rows[0]!.n,
      );
    const create = vi
      .spyOn(t.container.uploads.fileStore, 'create')
      .mockRejectedValueOnce(
        Object.assign(new Error('ENOSPC: no space left on device, open'), { code: 'ENOSPC' }),
      );
    try {
      const full = await tusCreate(t, me.headers, 3 * 1024 * 1024);
      expect(full.statusCode).toBe(507);
      expect(JSON.parse(full.body)).toEqual({ message: MESSAGES.storageFull, code: 'INSUFFICIENT_STORAGE' });
    } finally {
      create.mockRestore();
    }
    expect(await heldBy(me.id)).toBe(0);
    expect((await tusCreate(t, me.headers, 3 * 1024 * 1024)).statusCode).toBe(201);
    expect(await heldBy(me.id)).toBe(3 * 1024 * 1024);
  });

  it('counts uploads started at the same moment on two servers against one storage', async () => {
    // Two server processes on one database, each with its uploads on its own disk.
    const other = await t.anotherServer();
    const me = await t.signUp();
    const threeMegabytes = 3 * 1024 * 1024;
    const created = await Promise.all(
      Array.from({ length: 6 }, (_, i) => tusCreate(i % 2 ? other : t, me.headers, threeMegabytes)),
    );
    expect(created.map((c) => c.statusCode).sort()).toEqual([201, 201, 413, 413, 413, 413]);
    // And one after the other: the second server sees what the first holds.
    const later = await tusCreate(other, me.headers, threeMegabytes);
    expect(later.statusCode).toBe(413);
    expect(JSON.parse(later.body).message).toMatch(/uploads not yet made into screeners/);
  });

  it('validates the create body', async () => {
    const me = await t.signUp();
    const bad = async (payload: object) =>
      (await t.app.inject({ method: 'POST', url: '/v1/videos', headers: me.headers, payload })).json()
        .message;
    expect(await bad({ source: 'dvd' })).toBe('source: source must be "upload" or "vimeo"');
    expect(await bad({ source: 'upload', upload_id: '../../etc', title: 'a', description: 'b' })).toBe(
      'upload_id: This upload id is not valid',
    );
    expect(
      await bad({ source: 'upload', upload_id: 'a'.repeat(32), title: 'x'.repeat(201), description: 'b' }),
    ).toBe('title: Length should not be greater then 200');
    // The same checks as when the film is edited.
    expect(
      await bad({ source: 'upload', upload_id: 'a'.repeat(32), title: 'a\u202Eb', description: 'b' }),
    ).toBe(`title: ${MESSAGES.directionControls}`);
  });
});

describe('reading, changing and deleting screeners', () => {
  it("answers 404 for another presenter's screener on every call", async () => {
    const owner = await t.signUp();
    const other = await t.signUp();
    const { id } = (await createUploaded(owner.headers)).json().video;
    const calls = [
      { method: 'GET' as const, url: `/v1/videos/${id}` },
      { method: 'PATCH' as const, url: `/v1/videos/${id}`, payload: { title: 'Taken' } },
      { method: 'DELETE' as const, url: `/v1/videos/${id}` },
      { method: 'POST' as const, url: '/v1/videos/getHlsUrl', payload: { videoId: id } },
      { method: 'POST' as const, url: `/v1/videos/${id}/retry` },
    ];
    for (const call of calls) {
      const res = await t.app.inject({ ...call, headers: other.headers });
      expect(res.statusCode, `${call.method} ${call.url}`).toBe(404);
    }
    const image = imageForm(id, 'logo', png, 'logo.png');
    const upload = await t.app.inject({
      method: 'POST',
      url: '/v1/videos/updateImage',
      headers: { ...other.headers, ...image.headers },
      payload: image.payload,
    });
    expect(upload.statusCode).toBe(404);
    const still = await t.app.inject({ method: 'GET', url: `/v1/videos/${id}`, headers: owner.headers });
    expect(still.json().video.title).toBe('Night Train');
  });

  it('changes details and branding', async () => {
    const me = await t.signUp();
    const { id } = (await createUploaded(me.headers)).json().video;
    const res = await t.app.inject({
      method: 'PATCH',
      url: `/v1/videos/${id}`,
      headers: me.headers,
      payload: {
        title: 'Night Train (final cut)',
        producer: 'Bo',
        theme: 'light',
        enable_logo: false,
        admin_note: '',
      },
    });
    expect(res.statusCode).toBe(200);
    expect(res.json().video).toMatchObject({
      title: 'Night Train (final cut)',
      producer: 'Bo',
      theme: 'light',
      enable_logo: false,
      admin_note: null,
    });
    const bad = await t.app.inject({
      method: 'PATCH',
      url: `/v1/videos/${id}`,
      headers: me.headers,
      payload: { theme: 'sepia' },
    });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().errors[0].field).toBe('theme');
  });

  it('keeps watermarks for the Professional plan', async () => {
    const me = await t.signUp();
    const { id } = (await createUploaded(me.headers)).json().video;
    const enable = () =>
      t.app.inject({
        method: 'PATCH',
        url: `/v1/videos/${id}`,
        headers: me.headers,
        payload: { enable_watermark: true, watermark_type: 'text', watermark: 'Confidential' },
      });
    const free = await enable();
    expect(free.statusCode).toBe(403);
    expect(free.json().message).toBe(MESSAGES.watermarkProfessionalOnly);
    await asProfessional(me.id);
    expect((await enable()).json().video).toMatchObject({
      enable_watermark: true,
      watermark: 'Confidential',
    });
    const imageWithoutFile = await t.app.inject({
      method: 'PATCH',
      url: `/v1/videos/${id}`,
      headers: me.headers,
      payload: { watermark_type: 'image' },
    });
    expect(imageWithoutFile.statusCode).toBe(400);
    expect(imageWithoutFile.json().message).toMatch(/Upload a watermark image first/);
  });

  it('takes JPG or PNG images under 1MB, judged by content, and serves them by signed URL', async () => {
    const me = await t.signUp();
    const { id } = (await createUploaded(me.headers)).json().video;
    const send = (kind: string, file: Buffer, filename: string) => {
      const form = imageForm(id, kind, file, filename);
      return t.app.inject({
        method: 'POST',
        url: '/v1/videos/updateImage',
        headers: { ...me.headers, ...form.headers },
        payload: form.payload,
      });
    };
    const ok = await send('logo', png, 'logo.png');
    expect(ok.statusCode).toBe(200);
    const logoUrl = new URL(ok.json().video.logo);
    const served = await t.app.inject({ method: 'GET', url: `${logoUrl.pathname}${logoUrl.search}` });
    expect(served.statusCode).toBe(200);
    expect(served.headers['content-type']).toBe('image/png');
    expect(served.rawPayload.equals(png)).toBe(true);
    logoUrl.searchParams.set('sig', '0'.repeat(32));
    const forged = await t.app.inject({ method: 'GET', url: `${logoUrl.pathname}${logoUrl.search}` });
    expect(forged.statusCode).toBe(403);

    const gifNamedPng = await send('thumbnail', gif, 'still.png');
    expect(gifNamedPng.statusCode).toBe(400);
    expect(gifNamedPng.json().message).toBe(MESSAGES.imageTypeAndSize);
    const textNamedJpg = await send('thumbnail', Buffer.from('not an image at all'), 'photo.jpg');
    expect(textNamedJpg.json().message).toBe(MESSAGES.imageTypeAndSize);
    const tooBig = await send('thumbnail', Buffer.concat([png, Buffer.alloc(1024 * 1024 + 10)]), 'big.png');
    expect([400, 413]).toContain(tooBig.statusCode);
    expect(tooBig.json().message).toBe(MESSAGES.imageTypeAndSize);

    // 16,384 pixels a side in 33 kB: every page showing it would decode a gigabyte of picture.
    const bomb = await send('thumbnail', blackPng(16_384), 'poster.png');
    expect(bomb.statusCode).toBe(400);
    expect(bomb.json().message).toBe(IMAGE_TOO_LARGE_MESSAGE);
    expect(await send('thumbnail', blackPng(8192), 'poster.png').then((r) => r.statusCode)).toBe(200);

    const watermarkOnFree = await send('watermark', png, 'mark.png');
    expect(watermarkOnFree.statusCode).toBe(403);
    const badKind = await send('poster', png, 'p.png');
    expect(badKind.json().message).toBe('kind: kind must be thumbnail, logo or watermark');

    // Several logos at once: each replaced one deleted, one kept (all eight were kept before).
    const together = await Promise.all(Array.from({ length: 8 }, () => send('logo', png, 'logo.png')));
    expect(together.map((r) => r.statusCode)).toEqual(Array(8).fill(200));
    const logos = (await t.container.storage.list(`videos/${id}/images`)).filter((k) => k.includes('/logo-'));
    expect(logos).toHaveLength(1);
  });

  it('says an upload deleted while it was being made a screener is gone, not that it is not a film', async () => {
    const gone = t.container.videos.assertUploadIsVideo(
      'f'.repeat(32),
      path.join(dir, 'deleted-meanwhile.mp4'),
    );
    await expect(gone).rejects.toMatchObject({
      status: 404,
      message: 'This upload does not exist (uploads are kept for a day).',
    });
  });

  it('lists uploaded screeners page by page', async () => {
    const me = await t.signUp();
    await asProfessional(me.id);
    for (const title of ['One', 'Two', 'Three'])
      expect((await createUploaded(me.headers, title)).statusCode).toBe(201);
    const page = await t.app.inject({
      method: 'POST',
      url: '/v1/videos/listUploadedVideos',
      headers: me.headers,
      payload: { page: 2, limit: 2 },
    });
    expect(page.json()).toMatchObject({ page: 2, limit: 2, totalPages: 2, totalResults: 3 });
    expect(page.json().results.map((v: { title: string }) => v.title)).toEqual(['One']);
  });

  it('refuses illegal status changes and early previews with a 409', async () => {
    const me = await t.signUp();
    const { id } = (await createUploaded(me.headers)).json().video;
    const retry = await t.app.inject({ method: 'POST', url: `/v1/videos/${id}/retry`, headers: me.headers });
    expect(retry.statusCode).toBe(409);
    const preview = await t.app.inject({
      method: 'POST',
      url: '/v1/videos/getHlsUrl',
      headers: me.headers,
      payload: { videoId: id },
    });
    expect(preview.statusCode).toBe(409);
  });

  it('ends the preview stream when the sign-in that asked for it signs out', async () => {
    const me = await t.signUp();
    const video = await createPlayableFilm(t, me.id);
    const { url } = (
      await t.app.inject({
        method: 'POST',
        url: '/v1/videos/getHlsUrl',
        headers: me.headers,
        payload: { videoId: video.video.id },
      })
    ).json();
    const path = new URL(url).pathname + new URL(url).search;
    const token = new URL(url).searchParams.get('token');
    const keyUrl = `/v1/videos/${video.video.id}/keys/${video.keys[0]!.keyId}?token=${token}`;
    expect((await t.app.inject({ method: 'GET', url: path })).statusCode).toBe(200);
    expect((await t.app.inject({ method: 'GET', url: keyUrl })).statusCode).toBe(200);
    // A link cut short when copied is a bad link, not a link "with no token".
    const cut = await t.app.inject({ method: 'GET', url: path.replace(/token=[^&]+/, 'token=eyJhb') });
    expect(cut.statusCode).toBe(400);
    expect(cut.json().message).toBe(
      'token: This preview link is not valid or has expired. Open the preview again.',
    );

    const out = await t.app.inject({ method: 'POST', url: '/v1/auth/logout', headers: me.headers });
    expect(out.statusCode).toBe(200);
    for (const address of [path, keyUrl]) {
      const refused = await t.app.inject({ method: 'GET', url: address });
      expect(refused.statusCode, address).toBe(401);
      expect(refused.json().message).toBe(
        'This preview link is not valid or has expired. Open the preview again.',
      );
    }
  });

  it('deletes a screener with its files', async () => {
    const me = await t.signUp();
    const { id } = (await createUploaded(me.headers)).json().video;
    expect((await t.container.storage.list(`videos/${id}`)).length).toBeGreaterThan(0);
    const res = await t.app.inject({ method: 'DELETE', url: `/v1/videos/${id}`, headers: me.headers });
    expect(res.json()).toEqual({ ok: true });
    expect(await t.container.storage.list(`videos/${id}`)).toEqual([]);
    expect(
      (await t.app.inject({ method: 'GET', url: `/v1/videos/${id}`, headers: me.headers })).statusCode,
    ).toBe(404);
  });
});
