import { AppError } from '@screenroom/shared/errors';
import { MESSAGES } from '@screenroom/shared/messages';
import type { FastifyRequest } from 'fastify';
import type { App } from '../../http/types';
import { CaptchaUnavailable, type CaptchaVerifier } from '../../infra/captcha/recaptcha';
import { type LogsService, originOf } from '../logs/logs.service';

/**
 * The routes a person (not a script) must use: registering and asking for a sign-in code or link (each
 * spends the address's hourly allowance of mails, so a script could lock its owner out).
 */
export const CAPTCHA_ROUTES = new Set([
  'POST /v1/auth/register',
  'POST /v1/auth/login',
  'POST /v1/presenters/generateLoginLink',
]);

type CaptchaBody = { captchaToken?: string; email?: string };

/**
 * When reCAPTCHA is configured, registration and sign-in need a solved captcha. Checked after the body
 * is validated (a malformed request is a 400 first) and before any mail is sent.
 */
export function registerCaptchaCheck(app: App, deps: { verifier: CaptchaVerifier; logs: LogsService }) {
  const refuse = async (req: FastifyRequest, reason: string, message: string) => {
    await deps.logs.record({
      ...originOf(req),
      level: 'warn',
      type: 'security',
      module: 'captcha',
      message: `Captcha refused on ${req.routeOptions.url}: ${reason}`,
      userEmail: (req.body as CaptchaBody | undefined)?.email,
    });
    return new AppError('BAD_REQUEST', message, { errors: [{ field: 'captchaToken', message }] });
  };

  app.addHook('preHandler', async (req) => {
    if (!CAPTCHA_ROUTES.has(`${req.method} ${req.routeOptions.url}`)) return;
    const token = (req.body as CaptchaBody | undefined)?.captchaToken;
    if (!token) throw await refuse(req, 'no captcha token', MESSAGES.captchaRequired);
    try {
      const result = await deps.verifier.verify(token, req.ip);
      if (!result.ok) throw await refuse(req, result.reason, MESSAGES.captchaRejected);
    } catch (error) {
      if (!(error instanceof CaptchaUnavailable)) throw error;
      await deps.logs.record({
        ...originOf(req),
        level: 'error',
        type: 'security',
        module: 'captcha',
        message: error.message,
      });
      throw new AppError('UNAVAILABLE', MESSAGES.captchaUnavailable);
    }
  });
}
