import http from 'node:http';
import type { AddressInfo } from 'node:net';
import Fastify from 'fastify';
import { describe, expect, it } from 'vitest';
import { closeGracefully } from './graceful-close';

/** One request on its own keep-alive socket; its status, or the socket error it met. */
function ask(port: number, agent: http.Agent) {
  return new Promise<string>((resolve) => {
    const request = http.request({ host: '127.0.0.1', port, path: '/slow', agent }, (response) => {
      response.resume();
      response.on('end', () => resolve(String(response.statusCode)));
    });
    request.on('error', (error: NodeJS.ErrnoException) => resolve(error.code ?? 'error'));
    request.end();
  });
}

describe('closing the server', () => {
  it('answers every request already sent (no reset, no 503), then stops', async () => {
    const app = Fastify({ logger: false });
    let arrived!: () => void;
    const first = new Promise<void>((resolve) => {
      arrived = resolve;
    });
    app.get('/slow', async () => {
      arrived();
      await new Promise((resolve) => setTimeout(resolve, 50));
      return { ok: true };
    });
    await app.listen({ host: '127.0.0.1', port: 0 });
    const { port } = app.server.address() as AddressInfo;
    const agent = new http.Agent({ keepAlive: true, maxSockets: 40 });
    // Warm 40 keep-alive connections, then send on all of them at once and close mid-way.
    await Promise.all(Array.from({ length: 40 }, () => ask(port, agent)));
    const answers = Array.from({ length: 40 }, () => ask(port, agent));
    await first;
    await closeGracefully(app);
    expect(await Promise.all(answers)).toEqual(Array(40).fill('200'));
    agent.destroy();
  });
});
