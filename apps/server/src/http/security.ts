import helmet from '@fastify/helmet';
import rateLimit from '@fastify/rate-limit';
import type { App } from './types';

export async function registerSecurity(app: App) {
  await app.register(helmet, {
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
  });
  // Applied per route (auth routes) through `config.rateLimit`; nothing is limited by default.
  await app.register(rateLimit, { global: false });
}
