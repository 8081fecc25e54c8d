import { AppError, apiErrorSchema } from '@screenroom/shared/errors';
import { z } from 'zod';
import { fileAnswer } from '../../http/openapi';
import type { App } from '../../http/types';
import type { Storage } from '../../infra/storage/storage';
import type { MediaUrls } from '../../lib/media-urls';

const NO_SUCH_IMAGE = 'This image does not exist.';
export const IMAGE_ADDRESS_NOT_VALID = 'This image address is not valid. Reload the page to see the image.';
export const IMAGE_ADDRESS_EXPIRED = 'This image address has expired. Reload the page to see the image.';

/** Signed image URLs (thumbnails, logos, watermark images): no sign-in, but no guessing either. */
export async function mediaRoutes(app: App, { storage, media }: { storage: Storage; media: MediaUrls }) {
  app.get('/media/*', {
    schema: {
      tags: ['Media'],
      summary: 'An image by its signed URL',
      description:
        'The address the API hands out, signed with its expiry (`exp`, Unix seconds): it works for a day at least (a year in invitation mails) and stays the same all day, so browsers cache it.',
      querystring: z.object({ sig: z.string().max(64), exp: z.string().max(20).optional() }),
      response: {
        200: fileAnswer('The image', ['image/jpeg', 'image/png']),
        400: apiErrorSchema,
        403: apiErrorSchema.describe('The address was changed or made up'),
        404: apiErrorSchema,
        410: apiErrorSchema.describe('The address has expired: the page that showed it gets a new one'),
      },
    },
    handler: async (req, reply) => {
      const key = (req.params as { '*': string })['*'];
      if (!/^videos\/[0-9a-f-]{36}\/images\/[a-z]+-[0-9a-f]{12}\.(jpg|png)$/.test(key)) {
        throw new AppError('NOT_FOUND', NO_SUCH_IMAGE);
      }
      const check = media.check(key, req.query.sig, req.query.exp);
      if (check === 'not-valid') throw new AppError('FORBIDDEN', IMAGE_ADDRESS_NOT_VALID);
      if (check === 'expired') throw new AppError('GONE', IMAGE_ADDRESS_EXPIRED);
      const object = await storage.get(key);
      if (!object) throw new AppError('NOT_FOUND', NO_SUCH_IMAGE);
      // The viewer's own browser may keep the picture (a page open past the expiry shows it again
      // without asking); no shared cache may, or it would serve an expired address to anyone.
      return reply
        .type(object.contentType ?? 'application/octet-stream')
        .header('cache-control', 'private, max-age=31536000, immutable')
        .send(object.body);
    },
  });
}
