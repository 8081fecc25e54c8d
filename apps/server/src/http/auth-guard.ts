import { AppError } from '@screenroom/shared/errors';
import { MESSAGES } from '@screenroom/shared/messages';
import type { FastifyRequest } from 'fastify';
import type { AuthService } from '../modules/auth/auth.service';
import type { PresentersService } from '../modules/presenters/presenters.service';

export type Guards = {
  /** onRequest hook: a valid, live bearer token, else 401. Sets `request.presenter`. */
  requirePresenter: (request: FastifyRequest) => Promise<void>;
  /** onRequest hook: a signed-in presenter whose e-mail is in ADMIN_EMAILS, else 403. */
  requireAdmin: (request: FastifyRequest) => Promise<void>;
};

export function bearerToken(request: FastifyRequest) {
  return bearerTokenOf(request.headers.authorization);
}

/** The token of an `Authorization: Bearer …` header value. */
export function bearerTokenOf(header: string | undefined) {
  if (!header) return undefined;
  const [scheme, token] = header.split(' ');
  return scheme?.toLowerCase() === 'bearer' && token ? token.trim() : undefined;
}

export function createGuards(auth: AuthService, presenters: PresentersService): Guards {
  const requirePresenter = async (request: FastifyRequest) => {
    const token = bearerToken(request);
    if (!token) throw new AppError('UNAUTHORIZED', MESSAGES.signInRequired);
    const result = await auth.authenticate(token);
    if (!result) throw new AppError('UNAUTHORIZED', MESSAGES.sessionEnded);
    request.presenter = result.presenter;
    request.authSessionId = result.sessionId;
  };
  const requireAdmin = async (request: FastifyRequest) => {
    await requirePresenter(request);
    if (!presenters.isAdmin(request.presenter!)) throw new AppError('FORBIDDEN', MESSAGES.adminOnly);
  };
  return { requirePresenter, requireAdmin };
}

/** The signed-in presenter of a route guarded by `requirePresenter`. */
export function currentPresenter(request: FastifyRequest) {
  if (!request.presenter) throw new AppError('UNAUTHORIZED', MESSAGES.signInRequired);
  return request.presenter;
}
