import * as Sentry from '@sentry/node';

export type ErrorContext = { type?: string; module?: string; requestId?: string; userId?: string };

/** Sends unexpected errors to an error-reporting service. */
export type ErrorReporter = {
  capture: (error: unknown, context: ErrorContext) => void;
  flush: (timeoutMs?: number) => Promise<boolean>;
};

/**
 * Sentry, when SENTRY_DSN is set. Only errors are sent (no tracing, no request bodies, no personal data
 * beyond the presenter id), so nothing secret leaves the server.
 */
export function createSentryReporter(dsn: string, environment: string): ErrorReporter {
  Sentry.initWithoutDefaultIntegrations({
    dsn,
    environment,
    dataCollection: {
      userInfo: false,
      cookies: false,
      httpHeaders: false,
      httpBodies: [],
      urlQueryParams: false,
    },
    tracesSampleRate: 0,
    integrations: [Sentry.linkedErrorsIntegration(), Sentry.dedupeIntegration()],
  });
  return {
    capture(error, context) {
      Sentry.withScope((scope) => {
        if (context.type) scope.setTag('log.type', context.type);
        if (context.module) scope.setTag('module', context.module);
        if (context.requestId) scope.setTag('request_id', context.requestId);
        if (context.userId) scope.setUser({ id: context.userId });
        Sentry.captureException(error);
      });
    },
    flush: (timeoutMs = 2000) => Sentry.flush(timeoutMs),
  };
}
