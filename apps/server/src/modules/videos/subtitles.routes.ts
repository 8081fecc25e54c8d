import multipart from '@fastify/multipart';
import { apiErrorSchema } from '@screenroom/shared/errors';
import { MESSAGES } from '@screenroom/shared/messages';
import { uuidParam } from '@screenroom/shared/schemas/common';
import {
  SUBTITLE_MAX_BYTES,
  subtitleIdParam,
  subtitleListResponse,
  subtitleSchema,
  subtitleUploadFields,
} from '@screenroom/shared/schemas/subtitles';
import { z } from 'zod';
import { currentPresenter, type Guards } from '../../http/auth-guard';
import { emptyAnswer, secured } from '../../http/openapi';
import type { App } from '../../http/types';
import { NOT_STORED } from '../streams/cache-policy';
import { subtitleAnswer } from '../streams/stream-answers';
import { SUBTITLE_CONTENT_TYPE, type SubtitlesService } from './subtitles.service';

type Deps = { subtitles: SubtitlesService; guards: Guards };

const errors = {
  400: apiErrorSchema,
  401: apiErrorSchema,
  403: apiErrorSchema,
  404: apiErrorSchema,
};

const subtitleParams = uuidParam.extend(subtitleIdParam.shape);

/** The upload's form: its text fields (the shared schema) and the file, checked by the service. */
const uploadForm = subtitleUploadFields.extend({
  file: z.any().optional().meta({
    type: 'string',
    format: 'binary',
    description: 'A SubRip (.srt) or WebVTT (.vtt) file under 1MB, read by its content',
  }),
});

/** A film's subtitle tracks, managed by its presenter (the viewer's WebVTT is in the watch module). */
export async function subtitlesRoutes(app: App, { subtitles, guards }: Deps) {
  const tags = ['Videos'];
  const common = { onRequest: guards.requirePresenter };

  app.get('/videos/:id/subtitles', {
    ...common,
    schema: {
      tags,
      summary: "The film's subtitle tracks, oldest first",
      security: secured,
      params: uuidParam,
      response: { 200: subtitleListResponse, ...errors },
    },
    handler: async (req) => ({ subtitles: await subtitles.list(currentPresenter(req), req.params.id) }),
  });

  app.get('/videos/:id/subtitles/:subtitleId', {
    ...common,
    schema: {
      tags,
      summary: 'A subtitle track as WebVTT, for the presenter’s own player on the film’s page',
      security: secured,
      params: subtitleParams,
      response: { ...subtitleAnswer, ...errors },
    },
    handler: async (req, reply) => {
      const file = await subtitles.fileForOwner(currentPresenter(req), req.params.id, req.params.subtitleId);
      return reply.type(SUBTITLE_CONTENT_TYPE).header('cache-control', NOT_STORED).send(file);
    },
  });

  app.delete('/videos/:id/subtitles/:subtitleId', {
    ...common,
    schema: {
      tags,
      summary: 'Remove a subtitle track and its file',
      security: secured,
      params: subtitleParams,
      response: { 204: emptyAnswer('Removed'), ...errors },
    },
    handler: async (req, reply) => {
      await subtitles.remove(currentPresenter(req), req.params.id, req.params.subtitleId);
      return reply.status(204).send(null);
    },
  });

  // Subtitle files come as multipart form data: only this route parses it, with the subtitle file limit.
  await app.register(async (scope) => {
    await scope.register(multipart, {
      attachFieldsToBody: 'keyValues',
      limits: { fileSize: SUBTITLE_MAX_BYTES, files: 1, fields: 3, parts: 4 },
    });
    (scope as App).post('/videos/:id/subtitles', {
      ...common,
      config: {
        messages: {
          FST_REQ_FILE_TOO_LARGE: MESSAGES.subtitleTooLarge,
          FST_FIELDS_LIMIT: 'Send the subtitle file with its language, kind and label only.',
          FST_PARTS_LIMIT: 'Send the subtitle file with its language, kind and label only.',
        },
      },
      schema: {
        tags,
        summary:
          'Add a subtitle track: a SubRip (.srt) or WebVTT (.vtt) file under 1MB, read by its content and kept as WebVTT',
        description:
          'Refused with a 409 for a Vimeo film (its subtitles are added on Vimeo), past the limit of tracks, or for a label the film has already (whatever the case).',
        security: secured,
        consumes: ['multipart/form-data'],
        params: uuidParam,
        body: uploadForm,
        response: {
          201: subtitleSchema,
          ...errors,
          409: apiErrorSchema,
          413: apiErrorSchema.describe('The file is larger than 1MB'),
        },
      },
      handler: async (req, reply) => {
        const { file, ...fields } = req.body;
        const subtitle = await subtitles.upload(
          currentPresenter(req),
          req.params.id,
          fields,
          Buffer.isBuffer(file) ? file : undefined,
        );
        return reply.status(201).send(subtitle);
      },
    });
  });
}
