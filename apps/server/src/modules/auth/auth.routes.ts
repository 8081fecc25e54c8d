import { apiErrorSchema } from '@screenroom/shared/errors';
import {
  authResponse,
  loginBody,
  otpSentResponse,
  registerBody,
  verifyOtpBody,
} from '@screenroom/shared/schemas/auth';
import { okResponse } from '@screenroom/shared/schemas/common';
import { presenterResponse } from '@screenroom/shared/schemas/presenters';
import { currentPresenter, type Guards } from '../../http/auth-guard';
import { secured } from '../../http/openapi';
import type { App } from '../../http/types';
import { originOf } from '../logs/logs.service';
import type { PresentersService } from '../presenters/presenters.service';
import type { AuthService } from './auth.service';

type Deps = { auth: AuthService; presenters: PresentersService; guards: Guards; rateLimitPerMinute: number };

const errors = {
  400: apiErrorSchema,
  401: apiErrorSchema,
  404: apiErrorSchema,
  409: apiErrorSchema,
  429: apiErrorSchema,
};

export async function authRoutes(app: App, { auth, presenters, guards, rateLimitPerMinute }: Deps) {
  const sendLimit = { rateLimit: { max: rateLimitPerMinute, timeWindow: '1 minute' } };
  const verifyLimit = { rateLimit: { max: rateLimitPerMinute * 3, timeWindow: '1 minute' } };
  const tags = ['Auth'];

  app.post('/auth/register', {
    config: sendLimit,
    schema: {
      tags,
      summary: 'Register: e-mails a one-time code; the account is created when the code is verified',
      body: registerBody,
      response: {
        200: otpSentResponse,
        ...errors,
        503: apiErrorSchema.describe('The mail server or the robot check cannot be reached'),
      },
    },
    handler: (req) => auth.register(req.body, originOf(req)),
  });

  app.post('/auth/login', {
    config: sendLimit,
    schema: {
      tags,
      summary: 'Sign in: e-mails a one-time code to a registered presenter',
      body: loginBody,
      response: {
        200: otpSentResponse,
        ...errors,
        503: apiErrorSchema.describe('The mail server or the robot check cannot be reached'),
      },
    },
    handler: (req) => auth.login(req.body.email, originOf(req)),
  });

  app.post('/auth/verify-otp', {
    config: verifyLimit,
    schema: {
      tags,
      summary: 'Exchange the e-mailed code for an access token',
      body: verifyOtpBody,
      response: { 200: authResponse, ...errors },
    },
    handler: (req) => auth.verifyOtp(req.body.email, req.body.otp, originOf(req), req.body.preferences),
  });

  app.post('/auth/logout', {
    onRequest: guards.requirePresenter,
    schema: {
      tags,
      summary: 'Revoke this access token',
      security: secured,
      response: { 200: okResponse, 401: apiErrorSchema },
    },
    handler: async (req) => {
      await auth.logout(req.authSessionId!);
      return { ok: true as const };
    },
  });

  app.get('/auth/getAuthPresenter', {
    onRequest: guards.requirePresenter,
    schema: {
      tags,
      summary: 'The signed-in presenter',
      security: secured,
      response: { 200: presenterResponse, 401: apiErrorSchema },
    },
    handler: async (req) => ({ presenter: presenters.toDto(currentPresenter(req)) }),
  });
}
