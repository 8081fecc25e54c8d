import { apiErrorSchema } from '@screenroom/shared/errors';
import {
  adminPresenterResponse,
  adminPresenterSchema,
  adminPresentersQuery,
  setPlanBody,
} from '@screenroom/shared/schemas/admin';
import { otpSentResponse } from '@screenroom/shared/schemas/auth';
import { paginated, uuidParam } from '@screenroom/shared/schemas/common';
import { currentPresenter, type Guards } from '../../http/auth-guard';
import { secured } from '../../http/openapi';
import type { App } from '../../http/types';
import type { AuthService } from '../auth/auth.service';
import { originOf } from '../logs/logs.service';
import type { AdminService } from './admin.service';

type Deps = { admin: AdminService; auth: Pick<AuthService, 'sendLoginLink'>; guards: Guards };

const errors = {
  400: apiErrorSchema,
  401: apiErrorSchema,
  403: apiErrorSchema,
  404: apiErrorSchema,
  409: apiErrorSchema,
};

export async function adminRoutes(app: App, { admin, auth, guards }: Deps) {
  const tags = ['Administration'];

  app.get('/admin/presenters', {
    onRequest: guards.requireAdmin,
    schema: {
      tags,
      summary:
        'Every presenter with plan, films, tracking links and sign-ins; search and paging (administrators)',
      security: secured,
      querystring: adminPresentersQuery,
      response: { 200: paginated(adminPresenterSchema), ...errors },
    },
    handler: (req) => admin.list(req.query),
  });

  app.put('/admin/presenters/:id/plan', {
    onRequest: guards.requireAdmin,
    schema: {
      tags,
      summary: 'Grant (PROFESSIONAL) or remove (FREE) the Professional plan without payment (administrators)',
      security: secured,
      params: uuidParam,
      body: setPlanBody,
      response: { 200: adminPresenterResponse, ...errors },
    },
    handler: async (req) => ({
      presenter: await admin.setPlan(currentPresenter(req), req.params.id, req.body, originOf(req)),
    }),
  });

  app.post('/admin/presenters/:id/sendLoginLink', {
    onRequest: guards.requireAdmin,
    schema: {
      tags,
      summary:
        "E-mail a presenter a one-time sign-in link, saying an administrator sent it (administrators; no captcha, the address's hourly allowance applies)",
      security: secured,
      params: uuidParam,
      response: { 200: otpSentResponse, ...errors, 429: apiErrorSchema },
    },
    handler: async (req) => auth.sendLoginLink((await admin.get(req.params.id)).email, originOf(req), true),
  });
}
