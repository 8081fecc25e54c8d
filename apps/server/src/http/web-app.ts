import { existsSync } from 'node:fs';
import path from 'node:path';
import fastifyStatic from '@fastify/static';
import { answerNoApiRoute } from './error-handler';
import type { App } from './types';

const API_PREFIXES = ['/v1/', '/api/'];

/**
 * Serves the built single-page app: hashed assets with long caching, and index.html for every other GET
 * that is not an API call, so the web router decides (its own 404 page included).
 */
export async function registerWebApp(app: App, distDir: string) {
  const indexFile = path.join(distDir, 'index.html');
  if (!existsSync(indexFile)) {
    app.log.warn(`No built web app in ${distDir}: only the API is served (run npm run build)`);
    return false;
  }
  await app.register(fastifyStatic, {
    root: distDir,
    wildcard: false,
    index: false,
    setHeaders: (res, filePath) => {
      const immutable = filePath.includes(`${path.sep}assets${path.sep}`);
      res.header('cache-control', immutable ? 'public, max-age=31536000, immutable' : 'no-cache');
    },
  });
  app.get('/*', { schema: { hide: true } }, async (request, reply) => {
    const url = request.url.split('?')[0]!;
    // /V1/… and //v1//… are API addresses too (a mistyped one), never the app's page.
    const apiShape = url.toLowerCase().replace(/\/{2,}/g, '/');
    if (API_PREFIXES.some((p) => apiShape.startsWith(p))) return answerNoApiRoute(request, reply);
    const file = path.join(distDir, path.normalize(url));
    if (file.startsWith(distDir) && url !== '/' && existsSync(file) && !url.endsWith('/')) {
      return reply.sendFile(path.relative(distDir, file));
    }
    // A missing hashed asset is a real 404 (a stale tab then reloads once, see the web's chunk reload).
    if (url.startsWith('/assets/')) return reply.status(404).send({ message: 'Not found' });
    // Viewers get their own small page; everything else is the app.
    const page = url.startsWith('/watch/') ? 'watch.html' : 'index.html';
    return reply.header('cache-control', 'no-cache').sendFile(page);
  });
  return true;
}
