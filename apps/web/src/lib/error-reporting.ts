import type { AppConfig } from '@screenroom/shared/schemas/app-config';

type Sentry = typeof import('./sentry-client');
let sentry: Sentry | undefined;

/**
 * Sentry in the browser when the server has SENTRY_DSN. Loaded on demand, so the app carries none of it
 * otherwise. Global errors and unhandled rejections are caught by Sentry itself; route errors are sent
 * by the error page through `reportError`.
 */
export async function startErrorReporting(config: AppConfig['sentry']) {
  if (!config || sentry) return;
  const module = await import('./sentry-client');
  module.init({
    dsn: config.dsn,
    environment: config.environment,
    // Only errors: no performance tracing and no session replay of presenters' screens.
    tracesSampleRate: 0,
    dataCollection: {
      userInfo: false,
      cookies: false,
      httpHeaders: false,
      httpBodies: [],
      urlQueryParams: false,
    },
  });
  sentry = module;
}

export function reportError(error: unknown) {
  sentry?.captureException(error);
}

export function setErrorReportingUser(id: string | null) {
  sentry?.setUser(id ? { id } : null);
}
