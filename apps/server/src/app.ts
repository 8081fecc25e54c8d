import { randomUUID } from 'node:crypto';
import '@screenroom/shared/zod-messages';
import { MESSAGES } from '@screenroom/shared/messages';
import Fastify, { type FastifyReply, type RouteOptions } from 'fastify';
import { serializerCompiler, validatorCompiler } from 'fastify-type-provider-zod';
import type { Config } from './config';
import { type Container, createContainer } from './container';
import type { Database } from './db/client';
import { createGuards } from './http/auth-guard';
import { clientErrorHandler } from './http/client-error';
import { signedUrlOrigin } from './http/content-security-policy';
import { registerDoorRefusals } from './http/door-refusals';
import { registerErrorHandlers } from './http/error-handler';
import { registerNulGuard } from './http/nul-guard';
import { registerOpenApi } from './http/openapi';
import { registerSecurity } from './http/security';
import type { App } from './http/types';
import { registerWebApp } from './http/web-app';
import type { ErrorReporter } from './infra/error-reporting/error-reporter';
import type { Mailer } from './infra/mail/mailer';
import { loggerOptions } from './lib/logger';
import { adminRoutes } from './modules/admin/admin.routes';
import { analyticsRoutes } from './modules/analytics/analytics.routes';
import { anonymousLinksRoutes } from './modules/anonymous-links/anonymous-links.routes';
import { appConfigRoutes } from './modules/app-config/app-config.routes';
import { authRoutes } from './modules/auth/auth.routes';
import { billingRoutes } from './modules/billing/billing.routes';
import { registerCaptchaCheck } from './modules/captcha/captcha.hook';
import { devOutboxRoutes } from './modules/dev-outbox/dev-outbox.routes';
import { healthRoutes } from './modules/health/health.routes';
import { logsRoutes } from './modules/logs/logs.routes';
import { marketsRoutes } from './modules/markets/markets.routes';
import { presentersRoutes } from './modules/presenters/presenters.routes';
import { NOT_STORED } from './modules/streams/cache-policy';
import { trackingLinksRoutes } from './modules/tracking-links/tracking-links.routes';
import { mediaRoutes } from './modules/videos/media.routes';
import { previewRoutes } from './modules/videos/preview.routes';
import { subtitlesRoutes } from './modules/videos/subtitles.routes';
import { uploadsRoutes } from './modules/videos/uploads.routes';
import { videosRoutes } from './modules/videos/videos.routes';
import { vimeoRoutes } from './modules/vimeo/vimeo.routes';
import { watchRoutes } from './modules/watch/watch.routes';

export type BuildAppOptions = {
  config: Config;
  db: Database;
  databaseUrl: string;
  mailer?: Mailer;
  /** Replaces the Sentry reporter (tests). */
  errorReporter?: ErrorReporter;
  /** Serve the built web app (off in API tests). */
  serveWeb?: boolean;
  /** Told of every route as it is registered (tests compare the route table with the API document). */
  onRoute?: (route: RouteOptions) => void;
};

export type BuiltApp = { app: App; container: Container };

export async function buildApp({
  config,
  db,
  databaseUrl,
  mailer,
  errorReporter,
  serveWeb = true,
  onRoute,
}: BuildAppOptions): Promise<BuiltApp> {
  const app = Fastify({
    logger: loggerOptions(config.logLevel),
    // A hop count trusts that many proxies in front of us (the proxy-addr convention).
    trustProxy:
      typeof config.trustProxy === 'number'
        ? (
            (hops: number) => (_address: string, hop: number) =>
              hop < hops
          )(config.trustProxy)
        : config.trustProxy,
    genReqId: (req) => {
      const incoming = req.headers['x-request-id'];
      return typeof incoming === 'string' && /^[\w-]{8,64}$/.test(incoming) ? incoming : randomUUID();
    },
    bodyLimit: 1024 * 1024,
    clientErrorHandler,
    routerOptions: { ignoreTrailingSlash: true },
    // The router's own refusals, in our words; its defaults echoed the whole address, tokens included.
    frameworkErrors: (error, _request, reply) => {
      const tooLong = error.code === 'FST_ERR_MAX_PARAM_LENGTH';
      (reply as FastifyReply)
        .status(400)
        .send({ message: tooLong ? MESSAGES.addressPartTooLong : MESSAGES.badAddress, code: 'BAD_REQUEST' });
    },
  }).withTypeProvider() as unknown as App;

  if (onRoute) app.addHook('onRoute', onRoute);
  registerDoorRefusals(app);
  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);
  app.decorateRequest('presenter', null);
  app.decorateRequest('authSessionId', null);
  app.addHook('onSend', async (request, reply) => {
    reply.header('x-request-id', request.id);
    // API answers carry access tokens and viewers' links: no browser or proxy keeps them, unless the
    // route says otherwise (signed images, segments).
    if (request.url.startsWith('/v1/') && !reply.hasHeader('cache-control'))
      reply.header('cache-control', NOT_STORED);
  });

  const container = createContainer({ config, db, databaseUrl, logger: app.log, mailer, errorReporter });
  // Viewer events a previous run answered but had not yet written to PostgreSQL go in first.
  await container.events.start();
  // Links made before migration 0021 keep their tokens in plain text until this seals them.
  const sealed = await container.trackingLinks.sealPlainTokens();
  if (sealed > 0) app.log.info(`Sealed the plain-text tokens of ${sealed} tracking links`);
  const { auth, presenters, logs, videos, streams, storage, media, previewTokens, uploads, vimeo } =
    container;
  const { trackingLinks, anonymousLinks, markets, billing, admin, captcha, logRetention } = container;
  const guards = createGuards(auth, presenters);
  const rateLimitPerMinute = config.authRateLimitPerMinute;

  await registerSecurity(app, db.$client, {
    storageOrigin: await signedUrlOrigin(storage),
    posthog: config.posthog,
    sentryDsn: config.sentryDsn,
  });
  await registerOpenApi(app, config.publicUrl);
  registerErrorHandlers(app, logs);
  registerNulGuard(app);
  // The API reads JSON; a text/plain body got "missing or not an object" instead of the 415 that says
  // to send JSON. (The viewer's events route takes text/plain for sendBeacon, in its own scope.)
  app.removeContentTypeParser('text/plain');

  await app.register(
    async (v1) => {
      const api = v1 as App;
      if (captcha) registerCaptchaCheck(api, { verifier: captcha, logs });
      await healthRoutes(api, { db, eventBacklog: () => container.events.backlog });
      await appConfigRoutes(api, { config });
      await authRoutes(api, { auth, presenters, guards, rateLimitPerMinute });
      await presentersRoutes(api, { presenters, auth, guards, rateLimitPerMinute });
      await videosRoutes(api, { videos, guards });
      await subtitlesRoutes(api, { subtitles: container.subtitles, guards });
      await previewRoutes(api, { videos, streams, tokens: previewTokens, logs, signIns: auth });
      await mediaRoutes(api, { storage, media });
      await vimeoRoutes(api, { vimeo, presenters, guards, rateLimitPerMinute });
      await trackingLinksRoutes(api, { trackingLinks, guards });
      await anonymousLinksRoutes(api, { anonymousLinks, guards, rateLimitPerMinute });
      await marketsRoutes(api, { markets, guards, rateLimitPerMinute });
      await watchRoutes(api, { watch: container.watch, streams, auth, rateLimitPerMinute });
      await billingRoutes(api, { billing, guards });
      await adminRoutes(api, { admin, auth, guards });
      await logsRoutes(api, { logs, presenters, guards });
      await analyticsRoutes(api, { analytics: container.analytics, guards });
    },
    { prefix: '/v1' },
  );
  await uploadsRoutes(app, { store: uploads, auth, videos, maxBytes: config.uploadMaxBytes });

  app.addHook('onReady', async () => logRetention.start());
  app.addHook('onClose', async () => {
    await container.events.stop();
    logRetention.stop();
    await container.reporter?.flush();
  });

  if (config.devOutbox) await devOutboxRoutes(app, { outbox: container.outbox });
  if (serveWeb) await registerWebApp(app, config.webDistDir);

  return { app, container };
}
