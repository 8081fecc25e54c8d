import { AppError, apiErrorSchema } from '@screenroom/shared/errors';
import { MESSAGES } from '@screenroom/shared/messages';
import {
  type CancellationContext,
  type DataStore,
  MemoryLocker,
  Server,
  type ServerOptions,
} from '@tus/server';
import type { FastifyReply, FastifyRequest, FastifySchema, HTTPMethods } from 'fastify';
import type { PresenterRow } from '../../db/schema/presenters';
import { isDatabaseUnreachable } from '../../db/unreachable';
import { bearerTokenOf } from '../../http/auth-guard';
import { emptyAnswer, fileAnswer, secured } from '../../http/openapi';
import type { App } from '../../http/types';
import { UploadBodyTooLarge, type UploadStore } from '../../infra/uploads/upload-store';
import { isOutOfSpace } from '../../lib/out-of-space';
import type { AuthService } from '../auth/auth.service';
import { fileTooLargeMessage, SIZE_UP_FRONT_MESSAGE, type VideosService } from './videos.service';

type Deps = { store: UploadStore; auth: AuthService; videos: VideosService; maxBytes: number };

/** The request stream ended early: the client went away, or a newer PATCH on the upload took over. */
const CLIENT_GONE = new Set(['ECONNRESET', 'ERR_STREAM_PREMATURE_CLOSE', 'ECONNABORTED']);

const tusError = (status: number, message: string) => ({
  status_code: status,
  body: JSON.stringify({ message }),
});

function asTusError(error: unknown) {
  if (error instanceof AppError) return tusError(error.status, error.message);
  return error;
}

const TUS_VERSION = '1.0.0';
const TUS_PROTOCOL =
  'tus 1.0 (https://tus.io/protocols/resumable-upload): every request but OPTIONS sends `Tus-Resumable: 1.0.0`. ' +
  'Refusals answer `{ "message": ... }`.';
const storageFull = apiErrorSchema.describe('The server has run out of storage space: what it has is kept');
/** What any upload request but OPTIONS may be refused with. */
const refusals = {
  400: apiErrorSchema.describe('A tus header is missing or malformed'),
  401: apiErrorSchema.describe('Not signed in'),
  404: apiErrorSchema.describe('No such upload of this presenter'),
  412: apiErrorSchema.describe('Tus-Resumable is missing or not 1.0.0'),
};
// 'key base64value' pairs, comma-separated (tus 1.0, Upload-Metadata); the value may be left out.
const METADATA_PAIR = /^[^\s,]+(?: [A-Za-z0-9+/]*={0,2})?$/;

/**
 * The headers tus checks before its handlers, checked here first so the refusal says what is wrong
 * in words and as JSON (the library answers them in plain text: 'Invalid upload-length').
 */
function headerProblem(method: string, headers: FastifyRequest['headers']): [number, string] | null {
  if (method === 'OPTIONS' || method === 'GET') return null;
  const version = headers['tus-resumable'];
  if (!version) return [412, 'Tus-Resumable Required'];
  if (version !== TUS_VERSION)
    return [412, `This server speaks tus ${TUS_VERSION} (Tus-Resumable: ${TUS_VERSION}).`];
  if (method !== 'POST') return null;
  const length = headers['upload-length'];
  if (length === undefined && headers['upload-defer-length'] === undefined)
    return [400, SIZE_UP_FRONT_MESSAGE];
  if (length !== undefined && (typeof length !== 'string' || !/^\d{1,16}$/.test(length)))
    return [400, 'Upload-Length must be a whole number of bytes.'];
  const metadata = headers['upload-metadata'];
  if (metadata !== undefined) {
    const pairs = typeof metadata === 'string' ? metadata.split(',').map((p) => p.trim()) : [];
    const keys = pairs.map((p) => p.split(' ')[0]);
    if (
      pairs.length === 0 ||
      !pairs.every((p) => METADATA_PAIR.test(p)) ||
      new Set(keys).size !== keys.length
    )
      return [400, 'Upload-Metadata must be comma-separated pairs of a name and a Base64 value.'];
  }
  return null;
}

/** A refusal in tus's terms (412 names the version we speak), as JSON like every other answer. */
function refuseTus(reply: FastifyReply, status: number, message: string) {
  if (status === 412) reply.header('Tus-Version', TUS_VERSION);
  return reply.code(status).header('Tus-Resumable', TUS_VERSION).send({ message });
}

/** The library's own refusals (plain text), in words. */
/** Failures of ours answered in words of their own rather than the generic sentence. */
const WORDED_FAILURES = new Set([503, 507]);
const worded = (status_code: number, message: string, code: string) => ({
  status_code,
  body: JSON.stringify({ message, code }),
});

function tusRefusalInWords(maxBytes: number, body: string) {
  const text = body.trim();
  if (text.startsWith('{')) return body; // Already ours.
  const words: Record<string, string> = {
    'Maximum size exceeded': fileTooLargeMessage(maxBytes),
    'The file for this url was not found': 'This upload does not exist.',
    'The file for this url no longer exists': 'This upload does not exist.',
    "upload's size exceeded": 'This upload carries more bytes than the file has.',
    'Upload-Offset conflict':
      'This upload is at another byte; ask where to resume (HEAD) and go on from there.',
    'Not found': 'This upload does not exist.',
  };
  return JSON.stringify({ message: words[text] ?? text });
}

/**
 * Every refusal the library writes (its handlers' errors and its own header checks alike) goes out in
 * words and as JSON, labelled as such, like every other answer of the API.
 */
class TusServerInWords extends Server {
  constructor(
    options: ServerOptions & { datastore: DataStore },
    private readonly maxBytes: number,
  ) {
    super(options);
  }

  override write(context: CancellationContext, headers: Headers, status: number, body = '') {
    if (status < 400) return super.write(context, headers, status, body);
    headers.set('Content-Type', 'application/json; charset=utf-8');
    // A failure of ours: its text (a file system error with its paths) is for the server's log only,
    // but for the answers onResponseError words itself (a full disk, a database out of reach).
    const refusal =
      status >= 500 && !WORDED_FAILURES.has(status)
        ? JSON.stringify({ message: MESSAGES.internalError })
        : body;
    return super.write(context, headers, status, tusRefusalInWords(this.maxBytes, refusal));
  }
}

/**
 * Resumable uploads (tus) at /v1/uploads for signed-in presenters. Limits are checked when an upload
 * starts; when it completes the file is probed and refused (and deleted) if it is not a film. The upload
 * then waits for POST /videos to turn it into a screener.
 */
export async function uploadsRoutes(app: App, { store, auth, videos, maxBytes }: Deps) {
  const presenters = new WeakMap<object, PresenterRow>();
  /** The upload a creation request reserved storage for, until the library has made its files. */
  const reservations = new WeakMap<object, string>();
  const locker = new MemoryLocker();

  /**
   * The reservation is written before the library makes the upload's files (the quota is checked
   * first): a creation that fails after it (a full disk, say) frees the storage at once rather than
   * holding it for a day with nothing to resume, and deletes what was made of the upload.
   */
  const releaseIfNotMade = async (req: object) => {
    const uploadId = reservations.get(req);
    if (!uploadId) return;
    reservations.delete(req);
    try {
      if (await store.get(uploadId)) return;
      await store.remove(uploadId);
      await videos.releaseUpload(uploadId);
    } catch (err) {
      // The refusal still goes out; the reservation lapses with the day.
      app.log.error({ err, uploadId }, 'An upload that was not made was not released');
    }
  };

  const authenticate = async (authorization: string | undefined) => {
    const token = bearerTokenOf(authorization);
    return token ? await auth.authenticate(token) : null;
  };

  /** The upload `id` as it stands now, when it is `presenterId`'s; null for anyone else's or none. */
  const ownedUpload = async (id: string, presenterId: string) => {
    const upload = await store.get(id);
    return upload?.metadata.presenterId === presenterId ? upload : null;
  };

  const tus = new TusServerInWords(
    {
      path: '/v1/uploads',
      datastore: store.fileStore,
      locker,
      maxSize: maxBytes,
      relativeLocation: true,
      respectForwardedHeaders: true,
      // The web app uploads from its own origin; the library's default answered every site with `*`.
      allowedOrigins: [],
      // The answer to a failure of ours says nothing of it (TusServerInWords); the log keeps it.
      onResponseError: async (req, error) => {
        if (req.method === 'POST') await releaseIfNotMade(req);
        if (isOutOfSpace(error)) {
          app.log.error({ err: error, url: req.url }, 'An upload request failed: the storage is full');
          return worded(507, MESSAGES.storageFull, 'INSUFFICIENT_STORAGE');
        }
        if (isDatabaseUnreachable(error)) return worded(503, MESSAGES.databaseUnavailable, 'UNAVAILABLE');
        const status = 'status_code' in error ? error.status_code : 500;
        if (status >= 500) app.log.error({ err: error, url: req.url }, 'An upload request failed');
        return undefined;
      },
      async onIncomingRequest(req, uploadId) {
        const signedIn = await authenticate(req.headers.get('authorization') ?? undefined);
        if (!signedIn) throw tusError(401, 'Please sign in to upload.');
        presenters.set(req, signedIn.presenter);
        if (req.method !== 'POST' && uploadId) {
          const upload = await store.get(uploadId);
          // Another presenter's upload is answered like one that does not exist, and so is any address
          // that is not an upload's id ('<id>.json' reached the library and deleted that upload's record).
          if (upload?.metadata.presenterId !== signedIn.presenter.id)
            throw tusError(404, 'This upload does not exist.');
        }
      },
      async onUploadCreate(req, upload) {
        const presenter = presenters.get(req)!;
        try {
          await videos.reserveUpload(presenter, upload.id, upload.size);
        } catch (error) {
          throw asTusError(error);
        }
        reservations.set(req, upload.id);
        const metadata = upload.metadata ?? {};
        return {
          metadata: {
            filename: (metadata.filename ?? 'film').slice(0, 200),
            filetype: (metadata.filetype ?? '').slice(0, 100),
            presenterId: presenter.id,
          },
        };
      },
      async onUploadFinish(_req, upload) {
        try {
          await videos.assertUploadIsVideo(upload.id, upload.storage?.path ?? '');
        } catch (error) {
          throw asTusError(error);
        }
        return {};
      },
    },
    maxBytes,
  );

  /**
   * PATCH (the bytes of a film) is answered here rather than by the tus library, whose web-stream
   * detour halves upload speed; it keeps tus 1.0's rules and shares the library's upload locks.
   */
  const patch = async (req: FastifyRequest<{ Params: { id: string } }>, reply: FastifyReply) => {
    reply.header('Tus-Resumable', TUS_VERSION);
    const refuse = (status: number, message: string) => refuseTus(reply, status, message);
    const problem = headerProblem('PATCH', req.headers);
    if (problem) return refuse(...problem);
    if (req.headers['content-type'] !== 'application/offset+octet-stream')
      return refuse(415, 'The body of an upload must be application/offset+octet-stream.');
    const offsetHeader = req.headers['upload-offset'];
    if (typeof offsetHeader !== 'string' || !/^\d+$/.test(offsetHeader))
      return refuse(400, 'Upload-Offset must be a whole number of bytes.');
    const signedIn = await authenticate(req.headers.authorization);
    if (!signedIn) return refuse(401, 'Please sign in to upload.');
    const id = req.params.id;
    const owned = () => ownedUpload(id, signedIn.presenter.id);
    if (!(await owned())) return refuse(404, 'This upload does not exist.');

    const lock = locker.newLock(id);
    const gone = new AbortController();
    req.raw.once('close', () => gone.abort());
    try {
      // A newer PATCH on the same upload (a client retrying after a cut) takes over from this one.
      await lock.lock(gone.signal, () => void req.raw.destroy());
    } catch {
      if (gone.signal.aborted) return reply.hijack(); // Nobody left to answer.
      return refuse(423, 'This upload is busy with another request. Try again in a moment.');
    }
    let offset: number;
    let size: number;
    let expiresAt: number;
    try {
      const upload = await owned();
      if (!upload?.size) return refuse(404, 'This upload does not exist.');
      size = upload.size;
      expiresAt = (upload.createdAt?.getTime() ?? Date.now()) + store.fileStore.getExpiration();
      if (Date.now() > expiresAt)
        return refuse(410, 'This upload has expired. Please upload the file again.');
      if (Number(offsetHeader) !== upload.offset)
        return refuse(409, `This upload is at byte ${upload.offset}; resume from there.`);
      const room = upload.size - upload.offset;
      if (Number(req.headers['content-length'] ?? 0) > room)
        return refuse(413, 'This upload carries more bytes than the file has.');
      try {
        offset = await store.append(id, upload.offset, req.raw, room);
      } catch (error) {
        if (error instanceof UploadBodyTooLarge)
          return refuse(413, 'This upload carries more bytes than the file has.');
        // The client went away (or a newer PATCH took over): what reached the disk is kept and HEAD
        // reports it. Anything else (a full disk, say) is a failure of ours, logged and answered 500.
        if (CLIENT_GONE.has((error as NodeJS.ErrnoException).code ?? '')) return reply.hijack();
        throw error;
      }
      // Probed inside the lock (tus's own finish hook runs after unlocking), so a retried PATCH cannot
      // touch the file while it is probed.
      if (offset === upload.size) await videos.assertUploadIsVideo(id, upload.path);
    } catch (error) {
      if (error instanceof AppError) return refuse(error.status, error.message);
      throw error;
    } finally {
      await lock.unlock();
    }
    if (offset < size) reply.header('Upload-Expires', new Date(expiresAt).toUTCString());
    return reply.code(204).header('Upload-Offset', String(offset)).send();
  };

  /**
   * DELETE (tus termination) is answered here too: the library frees the upload's storage in an event
   * after its answer, so an upload started right after a deletion could find the storage still full.
   */
  const terminate = async (req: FastifyRequest<{ Params: { id: string } }>, reply: FastifyReply) => {
    const refuse = (status: number, message: string) => refuseTus(reply, status, message);
    const problem = headerProblem('DELETE', req.headers);
    if (problem) return refuse(...problem);
    const signedIn = await authenticate(req.headers.authorization);
    if (!signedIn) return refuse(401, 'Please sign in to upload.');
    const id = req.params.id;
    if (!(await ownedUpload(id, signedIn.presenter.id))) return refuse(404, 'This upload does not exist.');
    const lock = locker.newLock(id);
    try {
      // A PATCH still writing gives way (it answers nothing more), as in the library.
      await lock.lock(new AbortController().signal, () => undefined);
    } catch {
      return refuse(423, 'This upload is busy with another request. Try again in a moment.');
    }
    try {
      await store.remove(id);
    } finally {
      await lock.unlock();
    }
    await videos.releaseUpload(id);
    return reply.code(204).header('Tus-Resumable', TUS_VERSION).send();
  };

  await app.register(async (scope) => {
    // tus and `patch` read the raw request stream themselves, and answer a wrong content type in tus's
    // terms; Fastify's own parsers would refuse it first with a message meant for the JSON API.
    scope.removeAllContentTypeParsers();
    scope.addContentTypeParser('*', (_req, _payload, done) => done(null));
    const handle = async (req: FastifyRequest, reply: FastifyReply) => {
      const problem = headerProblem(req.method, req.headers);
      if (problem) return refuseTus(reply, ...problem);
      reply.hijack();
      await tus.handle(req.raw, reply.raw);
    };
    // Created at /v1/uploads only; an upload's own address answers what tus defines for it. One route
    // per method, so the API document describes each.
    type UploadRoute = { Params: { id: string } };
    const upload = (
      method: HTTPMethods,
      url: string,
      schema: FastifySchema,
      handler: (req: FastifyRequest<UploadRoute>, reply: FastifyReply) => Promise<unknown> = handle,
    ) =>
      scope.route<UploadRoute>({
        method,
        url,
        // Fastify's own HEAD for a GET would take the HEAD that tus answers.
        exposeHeadRoute: false,
        // An explicit HEAD is left out of the document unless asked for.
        config: { swagger: { exposeHeadRoute: true } },
        schema: { tags: ['Uploads'], description: TUS_PROTOCOL, ...schema },
        handler,
      });
    upload('POST', '/v1/uploads', {
      summary: 'Start the resumable upload of a film (tus creation)',
      security: secured,
      response: {
        201: emptyAnswer(
          "Created: Location is the upload's address, its last segment the upload_id of POST /videos",
        ),
        ...refusals,
        403: apiErrorSchema.describe("The plan's screeners are all taken"),
        413: apiErrorSchema.describe('Larger than UPLOAD_MAX_BYTES, or than the room left in the quota'),
        507: storageFull,
      },
    });
    upload('OPTIONS', '/v1/uploads', {
      summary: 'What this tus server supports',
      response: { 204: emptyAnswer('Tus-Version, Tus-Extension and Tus-Max-Size') },
    });
    upload(
      'PATCH',
      '/v1/uploads/:id',
      {
        summary: 'The next bytes of an upload, from Upload-Offset (application/offset+octet-stream)',
        security: secured,
        response: {
          204: emptyAnswer('Upload-Offset: the bytes received so far'),
          ...refusals,
          409: apiErrorSchema.describe('Upload-Offset is not where the upload is: ask with HEAD'),
          410: apiErrorSchema.describe('The upload expired'),
          413: apiErrorSchema.describe('More bytes than the file has'),
          415: apiErrorSchema.describe('Not application/offset+octet-stream, or the file is not a film'),
          422: apiErrorSchema.describe('The film is longer or larger than a screener may be'),
          423: apiErrorSchema.describe('Busy with another request on the same upload'),
          507: storageFull,
        },
      },
      patch,
    );
    upload('HEAD', '/v1/uploads/*', {
      summary: 'Where an upload stands, to resume it',
      security: secured,
      response: { 200: emptyAnswer('Upload-Offset and Upload-Length'), ...refusals },
    });
    upload('GET', '/v1/uploads/*', {
      summary: 'The bytes an upload holds',
      security: secured,
      response: { 200: fileAnswer('The uploaded bytes', ['application/octet-stream']), ...refusals },
    });
    upload(
      'DELETE',
      '/v1/uploads/:id',
      {
        summary: 'Abandon an upload, freeing the storage it held (tus termination)',
        security: secured,
        response: {
          204: emptyAnswer('Deleted'),
          ...refusals,
          423: apiErrorSchema.describe('Another request holds the upload'),
        },
      },
      terminate,
    );
    upload('OPTIONS', '/v1/uploads/*', {
      summary: 'What this tus server supports',
      response: { 204: emptyAnswer('Tus-Version, Tus-Extension and Tus-Max-Size') },
    });
  });
}
