import { apiErrorSchema } from '@screenroom/shared/errors';
import { okResponse, uuidParam } from '@screenroom/shared/schemas/common';
import {
  createMarketBody,
  marketListingSchema,
  marketSchema,
  publicMarketResponse,
  pushVideoToMarketBody,
  requestMarketAccessBody,
  updateMarketBody,
  verifyMarketCodeBody,
  verifyMarketCodeResponse,
} from '@screenroom/shared/schemas/markets';
import { z } from 'zod';
import { currentPresenter, type Guards } from '../../http/auth-guard';
import { secured } from '../../http/openapi';
import type { App } from '../../http/types';
import type { MarketsService } from './markets.service';

type Deps = { markets: MarketsService; guards: Guards; rateLimitPerMinute: number };

const errors = {
  400: apiErrorSchema,
  401: apiErrorSchema,
  403: apiErrorSchema,
  404: apiErrorSchema,
  409: apiErrorSchema,
};
const codeParam = z.object({ code: z.string().max(40) });
const filmAndMarketParams = z.object({
  id: z.uuid({ error: 'This id is not valid' }),
  marketId: z.uuid({ error: 'This id is not valid' }),
});

export async function marketsRoutes(app: App, { markets, guards, rateLimitPerMinute }: Deps) {
  const tags = ['Markets'];

  // Codes are chosen by people and can be short: guessing them is slowed down like a sign-in.
  app.post('/videos/verifyMarketCode', {
    config: { rateLimit: { max: rateLimitPerMinute, timeWindow: '1 minute' } },
    onRequest: guards.requirePresenter,
    schema: {
      tags,
      summary: "Whether a market code is valid ('Invalid Code' when not)",
      security: secured,
      body: verifyMarketCodeBody,
      response: { 200: verifyMarketCodeResponse, ...errors, 429: apiErrorSchema },
    },
    handler: (req) => markets.verify(req.body.code),
  });

  app.post('/videos/pushVideoToMarket', {
    onRequest: guards.requirePresenter,
    schema: {
      tags,
      summary: 'List a film in a market (again: no change)',
      security: secured,
      body: pushVideoToMarketBody,
      response: { 200: z.object({ market: marketSchema }), ...errors },
    },
    handler: (req) => markets.push(currentPresenter(req), req.body.videoId, req.body.code),
  });

  app.get('/videos/:id/markets', {
    onRequest: guards.requirePresenter,
    schema: {
      tags,
      summary: 'The markets a film is listed in',
      security: secured,
      params: uuidParam,
      response: { 200: z.object({ results: z.array(marketSchema) }), ...errors },
    },
    handler: async (req) => ({ results: await markets.marketsOfVideo(currentPresenter(req), req.params.id) }),
  });

  app.delete('/videos/:id/markets/:marketId', {
    onRequest: guards.requirePresenter,
    schema: {
      tags,
      summary:
        'Take a film out of a market: its attendees no longer see it; links already sent keep working until revoked',
      security: secured,
      params: filmAndMarketParams,
      response: { 200: okResponse, ...errors },
    },
    handler: async (req) => {
      await markets.unlist(currentPresenter(req), req.params.id, req.params.marketId);
      return { ok: true as const };
    },
  });

  // Administrators manage the markets.
  app.get('/markets', {
    onRequest: guards.requireAdmin,
    schema: {
      tags,
      summary: 'Every market (admins)',
      security: secured,
      response: { 200: z.object({ results: z.array(marketSchema) }), ...errors },
    },
    handler: async () => ({ results: await markets.list() }),
  });

  app.post('/markets', {
    onRequest: guards.requireAdmin,
    schema: {
      tags,
      summary: 'Create a market (admins)',
      security: secured,
      body: createMarketBody,
      response: { 201: marketSchema, ...errors },
    },
    handler: async (req, reply) => reply.status(201).send(await markets.create(req.body)),
  });

  app.patch('/markets/:id', {
    onRequest: guards.requireAdmin,
    schema: {
      tags,
      summary: 'Edit or close a market (admins)',
      security: secured,
      params: uuidParam,
      body: updateMarketBody,
      response: { 200: marketSchema, ...errors },
    },
    handler: (req) => markets.update(req.params.id, req.body),
  });

  app.get('/markets/:id/films', {
    onRequest: guards.requireAdmin,
    schema: {
      tags,
      summary: "A market's films: who listed each, when, and how many attendees asked (admins)",
      security: secured,
      params: uuidParam,
      response: { 200: z.object({ results: z.array(marketListingSchema) }), ...errors },
    },
    handler: async (req) => ({ results: await markets.listings(req.params.id) }),
  });

  app.delete('/markets/:marketId/films/:id', {
    onRequest: guards.requireAdmin,
    schema: {
      tags,
      summary:
        "Take any film out of a market (admins); links already sent keep working, the presenter's log says so",
      security: secured,
      params: filmAndMarketParams,
      response: { 200: okResponse, ...errors },
    },
    handler: async (req) => {
      await markets.removeListing(req.params.marketId, req.params.id);
      return { ok: true as const };
    },
  });

  // Attendees (public).
  // Generous, since a festival's attendees may share one address, but no guessing at speed.
  app.get('/markets/public/:code', {
    config: { rateLimit: { max: rateLimitPerMinute * 6, timeWindow: '1 minute' } },
    schema: {
      tags,
      summary: "Public: a market's films, for its attendees",
      params: codeParam,
      response: { 200: publicMarketResponse, ...errors, 429: apiErrorSchema },
    },
    handler: (req) => markets.publicMarket(req.params.code),
  });

  app.post('/markets/public/:code/requestAccess', {
    config: { rateLimit: { max: rateLimitPerMinute, timeWindow: '1 minute' } },
    schema: {
      tags,
      summary: 'Public: an attendee asks for a film; their own link is e-mailed to them',
      params: codeParam,
      body: requestMarketAccessBody,
      response: {
        200: z.object({ ok: z.literal(true), message: z.string() }),
        ...errors,
        429: apiErrorSchema,
      },
    },
    handler: (req) => markets.requestAccess(req.params.code, req.body),
  });
}
