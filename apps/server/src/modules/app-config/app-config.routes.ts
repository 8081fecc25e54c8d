import { type AppConfig, appConfigResponse } from '@screenroom/shared/schemas/app-config';
import type { Config } from '../../config';
import type { App } from '../../http/types';

/** The public part of the configuration, for the browser: which integrations are on, and their public keys. */
export function publicConfigOf(config: Config): AppConfig {
  return {
    billing: { enabled: config.stripe !== null },
    captcha: config.recaptcha ? { site_key: config.recaptcha.siteKey, version: 'v2' } : null,
    posthog: config.posthog ? { key: config.posthog.key, host: config.posthog.host } : null,
    sentry: config.sentryDsn ? { dsn: config.sentryDsn, environment: config.env } : null,
  };
}

export async function appConfigRoutes(app: App, { config }: { config: Config }) {
  const body = publicConfigOf(config);
  app.get('/app-config', {
    schema: {
      tags: ['App'],
      summary:
        'Public settings the web app needs: billing on or off, captcha site key, analytics and error-reporting keys',
      response: { 200: appConfigResponse },
    },
    handler: async (_req, reply) => {
      reply.header('cache-control', 'no-cache');
      return body;
    },
  });
}
