import { AppError } from '@screenroom/shared/errors';
import { Server } from '@tus/server';
import type { PresenterRow } from '../../db/schema/presenters';
import type { App } from '../../http/types';
import type { UploadStore } from '../../infra/uploads/upload-store';
import type { AuthService } from '../auth/auth.service';
import type { VideosService } from './videos.service';

type Deps = { store: UploadStore; auth: AuthService; videos: VideosService; maxBytes: number };

const tusError = (status: number, message: string) => ({
  status_code: status,
  body: JSON.stringify({ message }),
});

function asTusError(error: unknown) {
  if (error instanceof AppError) return tusError(error.status, error.message);
  return error;
}

/**
 * Resumable uploads (tus) at /v1/uploads for signed-in presenters. Limits are checked when an upload
 * starts; when it completes the file is probed and refused (and deleted) if it is not a film. The upload
 * then waits for POST /videos to turn it into a screener.
 */
export async function uploadsRoutes(app: App, { store, auth, videos, maxBytes }: Deps) {
  const presenters = new WeakMap<object, PresenterRow>();

  const tus = new Server({
    path: '/v1/uploads',
    datastore: store.fileStore,
    maxSize: maxBytes,
    relativeLocation: true,
    respectForwardedHeaders: true,
    async onIncomingRequest(req, uploadId) {
      const header = req.headers.get('authorization') ?? '';
      const token = /^bearer\s+(.+)$/i.exec(header)?.[1];
      const signedIn = token ? await auth.authenticate(token) : null;
      if (!signedIn) throw tusError(401, 'Please sign in to upload.');
      presenters.set(req, signedIn.presenter);
      if (req.method !== 'POST' && uploadId) {
        const upload = await store.get(uploadId);
        // Another presenter's upload is answered like one that does not exist.
        if (upload && upload.metadata.presenterId !== signedIn.presenter.id)
          throw tusError(404, 'This upload does not exist.');
      }
    },
    async onUploadCreate(req, upload) {
      const presenter = presenters.get(req)!;
      try {
        await videos.assertCanUpload(presenter, upload.size);
      } catch (error) {
        throw asTusError(error);
      }
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
  });

  await app.register(async (scope) => {
    // tus reads the raw request stream itself.
    scope.addContentTypeParser('application/offset+octet-stream', (_req, _payload, done) => done(null));
    const handle = async (
      req: { raw: Parameters<typeof tus.handle>[0] },
      reply: { hijack: () => void; raw: Parameters<typeof tus.handle>[1] },
    ) => {
      reply.hijack();
      await tus.handle(req.raw, reply.raw);
    };
    scope.all('/v1/uploads', { schema: { hide: true } }, handle);
    scope.all('/v1/uploads/*', { schema: { hide: true } }, handle);
  });
}
