import { apiErrorSchema } from '@screenroom/shared/errors';
import { paginated } from '@screenroom/shared/schemas/common';
import { logEntrySchema, logFacetsResponse, logsQuery } from '@screenroom/shared/schemas/logs';
import type { FastifyRequest } from 'fastify';
import { currentPresenter, type Guards } from '../../http/auth-guard';
import { secured } from '../../http/openapi';
import type { App } from '../../http/types';
import type { PresentersService } from '../presenters/presenters.service';
import type { LogReader, LogsService } from './logs.service';

type Deps = { logs: LogsService; presenters: PresentersService; guards: Guards };

const errors = { 400: apiErrorSchema, 401: apiErrorSchema, 403: apiErrorSchema };

export async function logsRoutes(app: App, { logs, presenters, guards }: Deps) {
  const tags = ['Logs'];
  const own = (req: FastifyRequest): LogReader => {
    const me = currentPresenter(req);
    return { scope: { all: false, presenterId: me.id }, isAdmin: presenters.isAdmin(me) };
  };
  const everyone: LogReader = { scope: { all: true }, isAdmin: true };
  const page = paginated(logEntrySchema);

  app.get('/logs', {
    onRequest: guards.requirePresenter,
    schema: {
      tags,
      summary: 'Your log entries (about you or your films), newest first, filtered and paged',
      security: secured,
      querystring: logsQuery,
      response: { 200: page, ...errors },
    },
    handler: (req) => logs.list(own(req), req.query),
  });

  app.get('/logs/facets', {
    onRequest: guards.requirePresenter,
    schema: {
      tags,
      summary: 'The types and modules found in your log entries (for the filters)',
      security: secured,
      response: { 200: logFacetsResponse, ...errors },
    },
    handler: (req) => logs.facets(own(req)),
  });

  app.get('/logs/all', {
    onRequest: guards.requireAdmin,
    schema: {
      tags,
      summary: 'Every log entry, newest first, filtered and paged (administrators)',
      security: secured,
      querystring: logsQuery,
      response: { 200: page, ...errors },
    },
    handler: (req) => logs.list(everyone, req.query),
  });

  app.get('/logs/all/facets', {
    onRequest: guards.requireAdmin,
    schema: {
      tags,
      summary: 'The types and modules found in every log entry (administrators)',
      security: secured,
      response: { 200: logFacetsResponse, ...errors },
    },
    handler: () => logs.facets(everyone),
  });
}
