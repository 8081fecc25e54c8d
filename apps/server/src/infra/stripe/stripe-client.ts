import Stripe from 'stripe';
import type { StripeConfig } from '../../config';

/**
 * The official Stripe client. STRIPE_API_BASE points it at another host (tests run a local server that
 * answers with Stripe's JSON), so the code path is the same as in production.
 */
export function createStripeClient(config: StripeConfig) {
  const base = config.apiBase;
  const protocol = base?.protocol === 'http:' ? 'http' : 'https';
  return new Stripe(config.secretKey, {
    maxNetworkRetries: 1,
    timeout: 15_000,
    telemetry: false,
    appInfo: { name: 'Screenroom' },
    ...(base ? { host: base.hostname, port: base.port || (protocol === 'http' ? 80 : 443), protocol } : {}),
  });
}

export type StripeClient = ReturnType<typeof createStripeClient>;
export { Stripe };
