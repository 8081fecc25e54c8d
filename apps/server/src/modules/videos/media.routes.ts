import { AppError, apiErrorSchema } from '@screenroom/shared/errors';
import { z } from 'zod';
import { fileAnswer } from '../../http/openapi';
import type { App } from '../../http/types';
import type { Storage } from '../../infra/storage/storage';
import type { MediaUrls } from '../../lib/media-urls';

/** Signed image URLs (thumbnails, logos, watermark images): no sign-in, but no guessing either. */
export async function mediaRoutes(app: App, { storage, media }: { storage: Storage; media: MediaUrls }) {
  app.get('/media/*', {
    schema: {
      tags: ['Media'],
      summary: 'An image by its signed URL',
      querystring: z.object({ sig: z.string().max(64) }),
      response: {
        200: fileAnswer('The image', ['image/jpeg', 'image/png']),
        400: apiErrorSchema,
        404: apiErrorSchema,
      },
    },
    handler: async (req, reply) => {
      const key = (req.params as { '*': string })['*'];
      if (
        !/^videos\/[0-9a-f-]{36}\/images\/[a-z]+-[0-9a-f]{12}\.(jpg|png)$/.test(key) ||
        !media.verify(key, req.query.sig)
      ) {
        throw new AppError('NOT_FOUND', 'This image does not exist.');
      }
      const object = await storage.get(key);
      if (!object) throw new AppError('NOT_FOUND', 'This image does not exist.');
      return reply
        .type(object.contentType ?? 'application/octet-stream')
        .header('cache-control', 'public, max-age=31536000, immutable')
        .send(object.body);
    },
  });
}
