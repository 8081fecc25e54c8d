import multipart from '@fastify/multipart';
import { apiErrorSchema } from '@screenroom/shared/errors';
import { MESSAGES } from '@screenroom/shared/messages';
import { okResponse, paginated, uuidParam } from '@screenroom/shared/schemas/common';
import {
  createVideoBody,
  hlsUrlResponse,
  IMAGE_KINDS,
  listUploadedVideosBody,
  listVideosQuery,
  updateVideoBody,
  videoIdBody,
  videoSchema,
} from '@screenroom/shared/schemas/videos';
import { z } from 'zod';
import { currentPresenter, type Guards } from '../../http/auth-guard';
import { secured } from '../../http/openapi';
import type { App } from '../../http/types';
import type { VideosService } from './videos.service';

type Deps = { videos: VideosService; guards: Guards };

const videoResponse = z.object({ video: videoSchema });
const errors = {
  400: apiErrorSchema,
  401: apiErrorSchema,
  403: apiErrorSchema,
  404: apiErrorSchema,
  409: apiErrorSchema,
};

const imageForm = z.object({
  videoId: z.uuid({ error: 'This id is not valid' }),
  kind: z.enum(IMAGE_KINDS, { error: 'kind must be thumbnail, logo or watermark' }),
  file: z
    .any()
    .refine((f) => Buffer.isBuffer(f), MESSAGES.imageTypeAndSize)
    .meta({ type: 'string', format: 'binary', description: 'JPG or PNG under 1MB' }),
});

export async function videosRoutes(app: App, { videos, guards }: Deps) {
  const tags = ['Videos'];
  const common = { onRequest: guards.requirePresenter };

  app.get('/videos', {
    ...common,
    schema: {
      tags,
      summary: "The presenter's screeners, newest first",
      security: secured,
      querystring: listVideosQuery,
      response: { 200: z.object({ results: z.array(videoSchema) }), ...errors },
    },
    handler: async (req) => ({ results: await videos.list(currentPresenter(req), req.query.search) }),
  });

  app.post('/videos', {
    ...common,
    schema: {
      tags,
      summary: 'Create a screener from a finished upload or from a Vimeo video',
      security: secured,
      body: createVideoBody,
      response: {
        201: videoResponse,
        ...errors,
        415: apiErrorSchema,
        422: apiErrorSchema.describe('Viewers could not play this Vimeo film (private, still processing)'),
        429: apiErrorSchema.describe('Vimeo is limiting requests'),
        503: apiErrorSchema.describe('Vimeo cannot be reached, or no Vimeo account is linked'),
      },
    },
    handler: async (req, reply) =>
      reply.status(201).send({ video: await videos.create(currentPresenter(req), req.body) }),
  });

  app.get('/videos/:id', {
    ...common,
    schema: {
      tags,
      summary: 'One screener',
      security: secured,
      params: uuidParam,
      response: { 200: videoResponse, ...errors },
    },
    handler: async (req) => ({ video: await videos.get(currentPresenter(req), req.params.id) }),
  });

  app.patch('/videos/:id', {
    ...common,
    schema: {
      tags,
      summary: 'Change details, branding and watermark settings (watermarks: Professional plan)',
      security: secured,
      params: uuidParam,
      body: updateVideoBody,
      response: { 200: videoResponse, ...errors },
    },
    handler: async (req) => ({ video: await videos.update(currentPresenter(req), req.params.id, req.body) }),
  });

  app.delete('/videos/:id', {
    ...common,
    schema: {
      tags,
      summary: 'Delete a screener, its streams, keys and tracking links',
      security: secured,
      params: uuidParam,
      response: { 200: okResponse, ...errors },
    },
    handler: (req) => videos.remove(currentPresenter(req), req.params.id),
  });

  app.post('/videos/listUploadedVideos', {
    ...common,
    schema: {
      tags,
      summary: 'Screeners uploaded to Screenroom (not imported), paged',
      security: secured,
      body: listUploadedVideosBody,
      response: { 200: paginated(videoSchema), ...errors },
    },
    handler: (req) => videos.listUploaded(currentPresenter(req), req.body),
  });

  app.post('/videos/getHlsUrl', {
    ...common,
    schema: {
      tags,
      summary: "A short-lived, owner-only URL of the film's master playlist for a preview player",
      security: secured,
      body: videoIdBody,
      response: { 200: hlsUrlResponse, ...errors },
    },
    handler: (req) => videos.hlsUrl(currentPresenter(req), req.authSessionId!, req.body.videoId),
  });

  app.post('/videos/createSampleVideo', {
    ...common,
    schema: {
      tags,
      summary: 'Create (or return) the sample screener, processed like an upload',
      security: secured,
      response: { 200: videoResponse, ...errors },
    },
    handler: async (req) => ({ video: await videos.createSample(currentPresenter(req)) }),
  });

  app.post('/videos/:id/retry', {
    ...common,
    schema: {
      tags,
      summary: 'Retry the failed processing step of a screener',
      security: secured,
      params: uuidParam,
      response: { 200: videoResponse, ...errors },
    },
    handler: async (req) => ({ video: await videos.retry(currentPresenter(req), req.params.id) }),
  });

  // Images come as multipart form data: only this route parses it, with a 1MB file limit.
  await app.register(async (scope) => {
    await scope.register(multipart, {
      attachFieldsToBody: 'keyValues',
      limits: { fileSize: 1024 * 1024, files: 1, fields: 4, parts: 5 },
    });
    (scope as App).post('/videos/updateImage', {
      ...common,
      schema: {
        tags,
        summary:
          'Upload the thumbnail, the logo or the watermark image (JPG or PNG under 1MB, checked by content)',
        security: secured,
        consumes: ['multipart/form-data'],
        body: imageForm,
        response: { 200: videoResponse, ...errors, 413: apiErrorSchema },
      },
      handler: async (req) => ({
        video: await videos.updateImage(
          currentPresenter(req),
          req.body.videoId,
          req.body.kind,
          req.body.file as Buffer,
        ),
      }),
    });
  });
}
