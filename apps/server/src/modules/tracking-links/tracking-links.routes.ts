import { apiErrorSchema } from '@screenroom/shared/errors';
import { paginated, uuidParam } from '@screenroom/shared/schemas/common';
import {
  accessUrlResponse,
  audienceQuery,
  createTrackingLinkBody,
  inviteBody,
  inviteResponse,
  listTrackingLinksQuery,
  shareWithEmailBody,
  trackingLinkSchema,
  updateStatusBody,
  updateTrackingLinkBody,
} from '@screenroom/shared/schemas/tracking-links';
import { z } from 'zod';
import { currentPresenter, type Guards } from '../../http/auth-guard';
import { secured } from '../../http/openapi';
import type { App } from '../../http/types';
import { originOf } from '../logs/logs.service';
import type { TrackingLinksService } from './tracking-links.service';

type Deps = { trackingLinks: TrackingLinksService; guards: Guards };

const screenerResponse = z.object({ screener: trackingLinkSchema });
const listResponse = z.object({ results: z.array(trackingLinkSchema) });
const errors = {
  400: apiErrorSchema,
  401: apiErrorSchema,
  403: apiErrorSchema,
  404: apiErrorSchema,
  409: apiErrorSchema,
};
const invitationsPerDay = apiErrorSchema.describe(
  'The invitations a day are used up, or this viewer was invited a moment ago',
);
const videoIdParam = z.object({ videoId: z.uuid({ error: 'This id is not valid' }) });

/** `/screeners` records are tracking links: one viewer's access to one film (DOMAIN.md's glossary). */
export async function trackingLinksRoutes(app: App, { trackingLinks, guards }: Deps) {
  const tags = ['Tracking links (/screeners)'];
  const common = { onRequest: guards.requirePresenter };

  app.post('/screeners', {
    ...common,
    schema: {
      tags,
      summary: 'Create a personalised tracking link for one viewer',
      security: secured,
      body: createTrackingLinkBody,
      response: { 201: screenerResponse, ...errors },
    },
    handler: async (req, reply) =>
      reply.status(201).send({ screener: await trackingLinks.create(currentPresenter(req), req.body) }),
  });

  app.get('/screeners', {
    ...common,
    schema: {
      tags,
      summary: "The presenter's tracking links, of one film when video_id is given",
      security: secured,
      querystring: listTrackingLinksQuery,
      response: { 200: listResponse, ...errors },
    },
    handler: async (req) => ({
      results: await trackingLinks.list(currentPresenter(req), req.query.video_id),
    }),
  });

  app.post('/screeners/invite', {
    ...common,
    schema: {
      tags,
      summary: 'Invite a pasted list of addresses: one tracking link and one mail each, and each outcome',
      security: secured,
      body: inviteBody,
      response: { 200: inviteResponse, ...errors, 429: invitationsPerDay },
    },
    handler: (req) => trackingLinks.invite(currentPresenter(req), req.body),
  });

  app.get('/screeners/:id', {
    ...common,
    schema: {
      tags,
      summary: 'One tracking link',
      security: secured,
      params: uuidParam,
      response: { 200: screenerResponse, ...errors },
    },
    handler: async (req) => ({ screener: await trackingLinks.get(currentPresenter(req), req.params.id) }),
  });

  app.patch('/screeners/:id', {
    ...common,
    schema: {
      tags,
      summary: "Change a viewer's details and limits ('Restricted Access' for anonymous-link viewers)",
      security: secured,
      params: uuidParam,
      body: updateTrackingLinkBody,
      response: { 200: screenerResponse, ...errors },
    },
    handler: async (req) => ({
      screener: await trackingLinks.update(currentPresenter(req), req.params.id, req.body),
    }),
  });

  app.post('/screeners/:id/updateStatus', {
    ...common,
    schema: {
      tags,
      summary: 'Revoke a tracking link, or enable it again (immediate, running playback included)',
      security: secured,
      params: uuidParam,
      body: updateStatusBody,
      response: { 200: screenerResponse, ...errors },
    },
    handler: async (req) => ({
      screener: await trackingLinks.updateStatus(
        currentPresenter(req),
        req.params.id,
        req.body.status,
        originOf(req),
      ),
    }),
  });

  app.get('/screeners/:id/getAccessUrl', {
    ...common,
    schema: {
      tags,
      summary: "The viewer's watch URL",
      security: secured,
      params: uuidParam,
      response: { 200: accessUrlResponse, ...errors },
    },
    handler: (req) => trackingLinks.accessUrl(currentPresenter(req), req.params.id),
  });

  app.post('/screeners/:videoId/getPreviewAccessUrl', {
    ...common,
    schema: {
      tags,
      summary: "The owner's preview of the viewer page: no limits, not counted in analytics",
      security: secured,
      params: videoIdParam,
      response: { 200: accessUrlResponse, ...errors },
    },
    handler: (req) => trackingLinks.previewAccessUrl(currentPresenter(req), req.params.videoId),
  });

  app.post('/screeners/:id/shareWithEmail', {
    ...common,
    schema: {
      tags,
      summary: 'E-mail the viewer their link; content must hold {{access_link}}',
      security: secured,
      params: uuidParam,
      body: shareWithEmailBody,
      response: { 200: screenerResponse, ...errors, 429: invitationsPerDay, 503: apiErrorSchema },
    },
    handler: async (req) => ({
      screener: await trackingLinks.shareWithEmail(currentPresenter(req), req.params.id, req.body),
    }),
  });

  app.post('/screeners/:id/resendInvitation', {
    ...common,
    schema: {
      tags,
      summary: 'Send the last invitation of this link again',
      security: secured,
      params: uuidParam,
      response: { 200: screenerResponse, ...errors, 429: invitationsPerDay, 503: apiErrorSchema },
    },
    handler: async (req) => ({
      screener: await trackingLinks.resendInvitation(currentPresenter(req), req.params.id),
    }),
  });

  app.get('/videos/:id/screeners', {
    ...common,
    schema: {
      tags,
      summary: "A film's tracking links",
      security: secured,
      params: uuidParam,
      response: { 200: listResponse, ...errors },
    },
    handler: async (req) => ({ results: await trackingLinks.list(currentPresenter(req), req.params.id) }),
  });

  app.get('/videos/:id/audience', {
    ...common,
    schema: {
      tags,
      summary: "A film's audience: its tracking links with search, sort, filters and paging",
      security: secured,
      params: uuidParam,
      querystring: audienceQuery,
      response: { 200: paginated(trackingLinkSchema), ...errors },
    },
    handler: (req) => trackingLinks.audience(currentPresenter(req), req.params.id, req.query),
  });
}
