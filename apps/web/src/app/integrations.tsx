import { useQuery } from '@tanstack/react-query';
import { useEffect, useRef, useState } from 'react';
import { useRouteError } from 'react-router';
import { useSession } from '../features/auth/api/session';
import { stripeProductQuery } from '../features/billing/api/get-stripe-product';
import { useAppConfig } from '../lib/app-config';
import { reportError, setErrorReportingUser, startErrorReporting } from '../lib/error-reporting';
import {
  forgetPresenter,
  identifyPresenter,
  personPropertiesOf,
  startProductAnalytics,
} from '../lib/product-analytics';
import { RouteErrorPage } from './error-page';

/**
 * Starts the third parties the server has keys for (Sentry, PostHog) and tells them who is signed in:
 * PostHog gets the presenter with their plan, films and onboarding state.
 */
export function Integrations() {
  const config = useAppConfig().data;
  const session = useSession();
  const [analyticsReady, setAnalyticsReady] = useState(false);
  const identified = useRef<string | null>(null);
  const signedIn = session.status === 'signed-in' ? session.presenter : undefined;
  const product = useQuery({
    ...stripeProductQuery(),
    enabled: analyticsReady && Boolean(signedIn),
    meta: { silent: true },
  });

  useEffect(() => {
    if (!config) return;
    void startErrorReporting(config.sentry);
    void startProductAnalytics(config.posthog).then((client) => setAnalyticsReady(Boolean(client)));
  }, [config]);

  useEffect(() => {
    setErrorReportingUser(signedIn?.id ?? null);
    if (!analyticsReady) return;
    if (signedIn) {
      identifyPresenter(signedIn, personPropertiesOf(signedIn, product.data));
      identified.current = signedIn.id;
    } else if (session.status === 'signed-out' && identified.current) {
      forgetPresenter();
      identified.current = null;
    }
  }, [analyticsReady, signedIn, session.status, product.data]);

  return null;
}

/** The route error page, after sending the error to Sentry (when on). */
export function ReportedRouteError() {
  const error = useRouteError();
  useEffect(() => reportError(error), [error]);
  return <RouteErrorPage />;
}
