import { apiErrorSchema } from '@screenroom/shared/errors';
import {
  authResponse,
  generateLoginLinkBody,
  otpSentResponse,
  verifyLoginCodeBody,
} from '@screenroom/shared/schemas/auth';
import { paginated, uuidParam } from '@screenroom/shared/schemas/common';
import {
  presenterResponse,
  presenterSchema,
  presentersListQuery,
  updateOnboardingBody,
  updatePresenterBody,
} from '@screenroom/shared/schemas/presenters';
import { currentPresenter, type Guards } from '../../http/auth-guard';
import { secured } from '../../http/openapi';
import type { App } from '../../http/types';
import type { AuthService } from '../auth/auth.service';
import { originOf } from '../logs/logs.service';
import type { PresentersService } from './presenters.service';

type Deps = { presenters: PresentersService; auth: AuthService; guards: Guards; rateLimitPerMinute: number };

const errors = {
  400: apiErrorSchema,
  401: apiErrorSchema,
  403: apiErrorSchema,
  404: apiErrorSchema,
  409: apiErrorSchema,
};

export async function presentersRoutes(app: App, { presenters, auth, guards, rateLimitPerMinute }: Deps) {
  const tags = ['Presenters'];

  app.patch('/presenters/:id', {
    onRequest: guards.requirePresenter,
    schema: {
      tags,
      summary: 'Update your own profile and preferences (another id is a 404)',
      security: secured,
      params: uuidParam,
      body: updatePresenterBody,
      response: { 200: presenterResponse, ...errors },
    },
    handler: async (req) => {
      const row = await presenters.updateOwn(currentPresenter(req), req.params.id, req.body);
      return { presenter: presenters.toDto(row) };
    },
  });

  app.post('/presenters/updateOnBoardingState', {
    onRequest: guards.requirePresenter,
    schema: {
      tags,
      summary: 'Complete (or undo) an onboarding step, in order; `finished` ends onboarding',
      security: secured,
      body: updateOnboardingBody,
      response: { 200: presenterResponse, ...errors },
    },
    handler: async (req) => {
      const row = await presenters.updateOnboarding(currentPresenter(req), req.body);
      return { presenter: presenters.toDto(row) };
    },
  });

  app.get('/presenters', {
    onRequest: guards.requireAdmin,
    schema: {
      tags,
      summary: 'Every presenter (administrators only)',
      security: secured,
      querystring: presentersListQuery,
      response: { 200: paginated(presenterSchema), ...errors },
    },
    handler: (req) => presenters.list(req.query),
  });

  app.post('/presenters/generateLoginLink', {
    config: { rateLimit: { max: rateLimitPerMinute, timeWindow: '1 minute' } },
    schema: {
      tags,
      summary: 'E-mail a one-time sign-in link (/autologin?code=...) to a registered presenter',
      body: generateLoginLinkBody,
      response: {
        200: otpSentResponse,
        ...errors,
        429: apiErrorSchema,
        503: apiErrorSchema.describe('The mail server or the robot check cannot be reached'),
      },
    },
    handler: (req) => auth.sendLoginLink(req.body.email, originOf(req)),
  });

  app.post('/presenters/verifyLoginCode', {
    config: { rateLimit: { max: rateLimitPerMinute * 3, timeWindow: '1 minute' } },
    schema: {
      tags,
      summary: 'Exchange a sign-in link code for an access token',
      body: verifyLoginCodeBody,
      response: { 200: authResponse, ...errors, 429: apiErrorSchema },
    },
    handler: (req) => auth.verifyLoginCode(req.body.code, originOf(req)),
  });
}
