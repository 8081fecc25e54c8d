import type { IncomingMessage, ServerResponse } from 'node:http';
import rateLimit from '@fastify/rate-limit';
import helmet, { type HelmetOptions } from 'helmet';
import type { Pool } from 'pg';
import { contentSecurityDirectives, type OutsideHosts } from './content-security-policy';
import { postgresRateLimitStore } from './rate-limit-store';
import type { App } from './types';

/**
 * Helmet's security headers, worked out once: they are the same for every answer, and @fastify/helmet
 * rebuilds helmet (parsing the whole policy) on each request, a measurable share of a hot route's time.
 */
function helmetHeaders(hosts: OutsideHosts) {
  const headers: Record<string, string> = {};
  const response = {
    setHeader: (name: string, value: string | number | readonly string[]) => {
      headers[name.toLowerCase()] = String(value);
    },
    removeHeader: () => {},
  };
  const options: HelmetOptions = {
    contentSecurityPolicy: { directives: contentSecurityDirectives(hosts) },
    crossOriginEmbedderPolicy: false,
  };
  helmet(options)({} as IncomingMessage, response as unknown as ServerResponse, () => {});
  return headers;
}

/**
 * `pool`: the database every server shares, where the rate limits count (rate-limit-store.ts).
 * `hosts`: the outside hosts the browser may reach (content-security-policy.ts).
 */
export async function registerSecurity(app: App, pool: Pool, hosts: OutsideHosts) {
  const headers = helmetHeaders(hosts);
  const entries = Object.entries(headers);
  // On the raw response, so answers that bypass Fastify's reply (the tus routes hijack it) carry them too.
  app.addHook('onRequest', (_request, reply, done) => {
    for (const [name, value] of entries) reply.raw.setHeader(name, value);
    done();
  });
  // Applied per route (auth routes) through `config.rateLimit`; nothing is limited by default.
  await app.register(rateLimit, { global: false, store: postgresRateLimitStore(pool) });
}
