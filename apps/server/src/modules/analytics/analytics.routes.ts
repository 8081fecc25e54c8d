import { apiErrorSchema } from '@screenroom/shared/errors';
import {
  clientSideOverviewResponse,
  overviewOfVideosResponse,
  sessionReplayResponse,
  sessionsPage,
  sessionsQueryBody,
  trackingLinkTotalsResponse,
  videoOverviewResponse,
  viewersOverviewResponse,
} from '@screenroom/shared/schemas/analytics';
import { uuidParam } from '@screenroom/shared/schemas/common';
import { z } from 'zod';
import { currentPresenter, type Guards } from '../../http/auth-guard';
import { secured } from '../../http/openapi';
import type { App } from '../../http/types';
import type { AnalyticsService } from './analytics.service';

type Deps = { analytics: AnalyticsService; guards: Guards };

const errors = { 400: apiErrorSchema, 401: apiErrorSchema, 404: apiErrorSchema };
const sessionParams = uuidParam.extend({ sessionId: z.uuid({ error: 'This session id is not valid' }) });

/** Spec section 7's analytics calls: figures come from rollups, sessions and events from the watch module. */
export async function analyticsRoutes(app: App, { analytics, guards }: Deps) {
  const tags = ['Analytics'];
  const common = { onRequest: guards.requirePresenter };

  app.post('/screeners/:id/analytics', {
    ...common,
    schema: {
      tags,
      summary: "A tracking link's sessions, newest or oldest first, paged",
      security: secured,
      params: uuidParam,
      body: sessionsQueryBody.optional(),
      response: { 200: sessionsPage, ...errors },
    },
    handler: (req) => analytics.sessions(currentPresenter(req), req.params.id, req.body ?? {}),
  });

  app.get('/screeners/:id/analytics/:sessionId', {
    ...common,
    schema: {
      tags,
      summary: 'One session with its events in order, for replay',
      security: secured,
      params: sessionParams,
      response: { 200: sessionReplayResponse, ...errors },
    },
    handler: (req) => analytics.replay(currentPresenter(req), req.params.id, req.params.sessionId),
  });

  app.get('/screeners/:id/analyticsOfAllSessions', {
    ...common,
    schema: {
      tags,
      summary: "A tracking link's totals and coverage over all its sessions",
      security: secured,
      params: uuidParam,
      response: { 200: trackingLinkTotalsResponse, ...errors },
    },
    handler: (req) => analytics.linkTotals(currentPresenter(req), req.params.id),
  });

  app.get('/videos/:id/getVideoOverview', {
    ...common,
    schema: {
      tags,
      summary: "A film's totals, daily series (presenter's time zone) and per-minute heat map",
      security: secured,
      params: uuidParam,
      response: { 200: videoOverviewResponse, ...errors },
    },
    handler: (req) => analytics.videoOverview(currentPresenter(req), req.params.id),
  });

  app.get('/videos/:id/getViewersOverview', {
    ...common,
    schema: {
      tags,
      summary: 'How far the viewers got: invited, opened, more than half, finished, and who stopped early',
      security: secured,
      params: uuidParam,
      response: { 200: viewersOverviewResponse, ...errors },
    },
    handler: (req) => analytics.viewersOverview(currentPresenter(req), req.params.id),
  });

  app.get('/videos/:id/getClientSideOverviewOfViewers', {
    ...common,
    schema: {
      tags,
      summary: "The film's sessions by country, device type and browser",
      security: secured,
      params: uuidParam,
      response: { 200: clientSideOverviewResponse, ...errors },
    },
    handler: (req) => analytics.clientSide(currentPresenter(req), req.params.id),
  });

  app.post('/videos/getOverviewOfAvlVideos', {
    ...common,
    schema: {
      tags,
      summary: "Every film of the presenter with its headline figures (the library's cards)",
      security: secured,
      response: { 200: overviewOfVideosResponse, ...errors },
    },
    handler: (req) => analytics.headlines(currentPresenter(req)),
  });
}
