import type { IncomingMessage, ServerResponse } from 'node:http';
import rateLimit from '@fastify/rate-limit';
import helmet, { type HelmetOptions } from 'helmet';
import type { Pool } from 'pg';
import { postgresRateLimitStore } from './rate-limit-store';
import type { App } from './types';

const helmetOptions: HelmetOptions = {
  contentSecurityPolicy: {
    directives: {
      defaultSrc: ["'self'"],
      scriptSrc: ["'self'", 'https://www.google.com/recaptcha/', 'https://www.gstatic.com/recaptcha/'],
      // Mantine writes its CSS variables into a <style> element.
      styleSrc: ["'self'", "'unsafe-inline'"],
      imgSrc: ["'self'", 'data:', 'blob:', 'https:'],
      mediaSrc: ["'self'", 'blob:'],
      connectSrc: ["'self'", 'https:'],
      frameSrc: ["'self'", 'https://player.vimeo.com', 'https://www.google.com/recaptcha/'],
      workerSrc: ["'self'", 'blob:'],
      objectSrc: ["'none'"],
      frameAncestors: ["'self'"],
      upgradeInsecureRequests: null,
    },
  },
  crossOriginEmbedderPolicy: false,
};

/**
 * Helmet's security headers, worked out once: they are the same for every answer, and @fastify/helmet
 * rebuilds helmet (parsing the whole policy) on each request, a measurable share of a hot route's time.
 */
function helmetHeaders() {
  const headers: Record<string, string> = {};
  const response = {
    setHeader: (name: string, value: string | number | readonly string[]) => {
      headers[name.toLowerCase()] = String(value);
    },
    removeHeader: () => {},
  };
  helmet(helmetOptions)({} as IncomingMessage, response as unknown as ServerResponse, () => {});
  return headers;
}

/** `pool`: the database every server shares, where the rate limits count (rate-limit-store.ts). */
export async function registerSecurity(app: App, pool: Pool) {
  const headers = helmetHeaders();
  const entries = Object.entries(headers);
  // On the raw response, so answers that bypass Fastify's reply (the tus routes hijack it) carry them too.
  app.addHook('onRequest', (_request, reply, done) => {
    for (const [name, value] of entries) reply.raw.setHeader(name, value);
    done();
  });
  // Applied per route (auth routes) through `config.rateLimit`; nothing is limited by default.
  await app.register(rateLimit, { global: false, store: postgresRateLimitStore(pool) });
}
