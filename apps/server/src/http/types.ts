import type {
  FastifyBaseLogger,
  FastifyInstance,
  RawReplyDefaultExpression,
  RawRequestDefaultExpression,
  RawServerDefault,
} from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import type { PresenterRow } from '../db/schema/presenters';

export type App = FastifyInstance<
  RawServerDefault,
  RawRequestDefaultExpression,
  RawReplyDefaultExpression,
  FastifyBaseLogger,
  ZodTypeProvider
>;

declare module 'fastify' {
  interface FastifyContextConfig {
    /** This route's own words for Fastify's errors (by code), over the defaults of the error handler. */
    messages?: Partial<Record<string, string>>;
  }
  interface FastifyRequest {
    /** The signed-in presenter, set by the `requirePresenter` guard. */
    presenter: PresenterRow | null;
    /** The auth session (token `jti`) of the signed-in presenter. */
    authSessionId: string | null;
  }
}
