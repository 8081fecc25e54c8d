import { request } from 'node:http';
import Fastify from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { clientErrorHandler } from './client-error';

let app: ReturnType<typeof Fastify>;
let port: number;
beforeAll(async () => {
  app = Fastify({ clientErrorHandler });
  app.get('/ok', async () => ({ ok: true }));
  await app.listen({ port: 0, host: '127.0.0.1' });
  port = (app.server.address() as { port: number }).port;
});
afterAll(() => app.close());

function get(headers: Record<string, string>) {
  return new Promise<{ status: number; body: string }>((resolve, reject) => {
    const req = request({ host: '127.0.0.1', port, path: '/ok', headers }, (res) => {
      let body = '';
      res.on('data', (chunk) => (body += chunk));
      res.on('end', () => resolve({ status: res.statusCode ?? 0, body }));
    });
    req.on('error', reject);
    req.end();
  });
}

describe("Node's refusals before a request exists", () => {
  it('answer headers that are too large in words, as JSON', async () => {
    const res = await get({ authorization: `Bearer ${'x'.repeat(20_000)}` });
    expect(res.status).toBe(431);
    expect(JSON.parse(res.body)).toEqual({
      message: 'The request’s address or headers are too long.',
      code: 'BAD_REQUEST',
    });
    expect((await get({})).status).toBe(200);
  });
});
