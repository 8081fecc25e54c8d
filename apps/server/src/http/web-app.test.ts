import { mkdtemp, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { MESSAGES } from '@screenroom/shared/messages';
import Fastify from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { App } from './types';
import { registerWebApp } from './web-app';

let app: ReturnType<typeof Fastify>;
beforeAll(async () => {
  const dist = await mkdtemp(path.join(tmpdir(), 'screenroom-web-'));
  await writeFile(path.join(dist, 'index.html'), '<title>app</title>');
  await writeFile(path.join(dist, 'watch.html'), '<title>watch</title>');
  app = Fastify();
  await registerWebApp(app as unknown as App, dist);
});
afterAll(() => app.close());

const get = (url: string) => app.inject({ method: 'GET', url });

describe('the web app beside the API', () => {
  it('serves the app for its pages and the viewer page for /watch/', async () => {
    expect((await get('/screeners')).body).toContain('<title>app</title>');
    expect((await get('/watch/abc')).body).toContain('<title>watch</title>');
  });

  it('answers API addresses that match no route in JSON, however they are spelled', async () => {
    for (const url of ['/v1/nothing-here', '/V1/VIDEOS', '//v1//videos', '/api/nothing']) {
      const res = await get(url);
      expect(res.statusCode, url).toBe(404);
      expect(res.json().message, url).toMatch(/^No API route matches GET /);
    }
  });

  it('refuses a part of an API address longer than any id, as the router does for other methods', async () => {
    const res = await get(`/v1/videos/${'a'.repeat(300)}`);
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({ message: MESSAGES.addressPartTooLong, code: 'BAD_REQUEST' });
  });
});
