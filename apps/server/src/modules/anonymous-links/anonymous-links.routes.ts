import { apiErrorSchema } from '@screenroom/shared/errors';
import {
  createScreenerUsingMagicCodeBody,
  createScreenerUsingMagicCodeResponse,
  magicLinkBody,
  magicLinkResponse,
  validateMagicLinkResponse,
} from '@screenroom/shared/schemas/anonymous-links';
import { uuidParam } from '@screenroom/shared/schemas/common';
import { currentPresenter, type Guards } from '../../http/auth-guard';
import { secured } from '../../http/openapi';
import type { App } from '../../http/types';
import type { AnonymousLinksService } from './anonymous-links.service';

type Deps = { anonymousLinks: AnonymousLinksService; guards: Guards; rateLimitPerMinute: number };

const errors = {
  400: apiErrorSchema,
  401: apiErrorSchema,
  403: apiErrorSchema,
  404: apiErrorSchema,
  409: apiErrorSchema,
  410: apiErrorSchema,
};

export async function anonymousLinksRoutes(app: App, { anonymousLinks, guards, rateLimitPerMinute }: Deps) {
  const tags = ['Anonymous links'];
  const common = { onRequest: guards.requirePresenter };

  app.post('/videos/:id/fetchMagicLink', {
    ...common,
    schema: {
      tags,
      summary: "The film's anonymous link, or null",
      security: secured,
      params: uuidParam,
      response: { 200: magicLinkResponse, ...errors },
    },
    handler: (req) => anonymousLinks.fetch(currentPresenter(req), req.params.id),
  });

  app.post('/videos/:id/createMagicLink', {
    ...common,
    schema: {
      tags,
      summary: 'Create the film’s one anonymous link, with a limit of distinct viewers and an end date',
      security: secured,
      params: uuidParam,
      body: magicLinkBody,
      response: { 200: magicLinkResponse, ...errors },
    },
    handler: (req) => anonymousLinks.create(currentPresenter(req), req.params.id, req.body),
  });

  app.post('/videos/:id/updateMagicLink', {
    ...common,
    schema: {
      tags,
      summary: 'Change the anonymous link’s limit or end date (not once disabled)',
      security: secured,
      params: uuidParam,
      body: magicLinkBody,
      response: { 200: magicLinkResponse, ...errors },
    },
    handler: (req) => anonymousLinks.update(currentPresenter(req), req.params.id, req.body),
  });

  app.post('/videos/:id/validateMagicLink', {
    ...common,
    schema: {
      tags,
      summary: 'Whether the anonymous link lets a new viewer in now, and why not',
      security: secured,
      params: uuidParam,
      response: { 200: validateMagicLinkResponse, ...errors },
    },
    handler: (req) => anonymousLinks.validate(currentPresenter(req), req.params.id),
  });

  app.get('/videos/:id/disableLink', {
    ...common,
    schema: {
      tags,
      summary: 'Disable the anonymous link for good (cannot be undone)',
      security: secured,
      params: uuidParam,
      response: { 200: magicLinkResponse, ...errors },
    },
    handler: (req) => anonymousLinks.disable(currentPresenter(req), req.params.id),
  });

  app.post('/videos/createScreenerUsingMagicCode', {
    config: { rateLimit: { max: rateLimitPerMinute * 6, timeWindow: '1 minute' } },
    schema: {
      tags,
      summary: 'Public: open an anonymous link on this device; answers the token of this viewer’s own link',
      body: createScreenerUsingMagicCodeBody,
      response: { 200: createScreenerUsingMagicCodeResponse, ...errors, 429: apiErrorSchema },
    },
    handler: (req) => anonymousLinks.openWithCode(req.body.code, req.body.deviceId),
  });
}
