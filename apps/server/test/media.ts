import { readFile } from 'node:fs/promises';
import type { TestApp } from './helpers';

const encodeMetadata = (metadata: Record<string, string>) =>
  Object.entries(metadata)
    .map(([k, v]) => `${k} ${Buffer.from(v).toString('base64')}`)
    .join(',');

/** Speaks tus 1.0 to the app through inject: creates an upload and sends bytes in one or more PATCHes. */
export async function tusCreate(
  t: Pick<TestApp, 'app'>,
  headers: Record<string, string>,
  size: number,
  metadata: Record<string, string> = { filename: 'film.mp4', filetype: 'video/mp4' },
) {
  return t.app.inject({
    method: 'POST',
    url: '/v1/uploads',
    headers: {
      ...headers,
      'tus-resumable': '1.0.0',
      'upload-length': String(size),
      'upload-metadata': encodeMetadata(metadata),
    },
  });
}

export async function tusPatch(
  t: Pick<TestApp, 'app'>,
  headers: Record<string, string>,
  location: string,
  offset: number,
  body: Buffer,
) {
  return t.app.inject({
    method: 'PATCH',
    url: location,
    headers: {
      ...headers,
      'tus-resumable': '1.0.0',
      'upload-offset': String(offset),
      'content-type': 'application/offset+octet-stream',
    },
    payload: body,
  });
}

export const uploadIdOf = (location: string) => location.split('/').pop()!;

/** Uploads a whole file through tus; returns the upload id and the final PATCH response. */
export async function tusUpload(
  t: Pick<TestApp, 'app'>,
  headers: Record<string, string>,
  file: string | Buffer,
  metadata?: Record<string, string>,
) {
  const bytes = typeof file === 'string' ? await readFile(file) : file;
  const created = await tusCreate(t, headers, bytes.length, metadata);
  if (created.statusCode !== 201)
    throw new Error(`tus create answered ${created.statusCode}: ${created.body}`);
  const location = created.headers.location as string;
  const finished = await tusPatch(t, headers, location, 0, bytes);
  return { uploadId: uploadIdOf(location), location, finished };
}

/** Polls a film until `done` says so (or the time runs out), returning its last state. */
export async function waitForVideo(
  t: Pick<TestApp, 'app'>,
  headers: Record<string, string>,
  id: string,
  done: (video: { status: string }) => boolean,
  timeoutMs = 90_000,
) {
  const until = Date.now() + timeoutMs;
  let video: { status: string; [k: string]: unknown } = { status: 'unknown' };
  while (Date.now() < until) {
    const res = await t.app.inject({ method: 'GET', url: `/v1/videos/${id}`, headers });
    video = res.json().video;
    if (done(video)) return video;
    await new Promise((r) => setTimeout(r, 250));
  }
  throw new Error(`The film stayed in ${video.status}`);
}
