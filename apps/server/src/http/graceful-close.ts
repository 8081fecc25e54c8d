import type { Server } from 'node:http';
import net from 'node:net';
import type { FastifyInstance } from 'fastify';

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));
const openConnections = (server: Server) =>
  new Promise<number>((resolve) => server.getConnections((_error, count) => resolve(count ?? 0)));

/**
 * Closes the app without cutting requests already on their way in. Fastify's close calls
 * http.Server.close, which at once destroys every connection without a request in progress, and under
 * load that includes connections whose request sits unread in the socket: each such client got a reset
 * for a request it had sent (all ten in flight, in a test at SIGTERM). So first stop accepting
 * (net.Server's close alone), answer every request that arrives with `Connection: close`, and give the
 * open connections up to `drainMs` to be read, answered and closed; then close the app.
 */
export async function closeGracefully(app: FastifyInstance, drainMs = 1000) {
  const server = app.server;
  if (server.listening) {
    server.prependListener('request', (_request, response) => {
      response.shouldKeepAlive = false;
    });
    net.Server.prototype.close.call(server);
    const until = Date.now() + drainMs;
    while (Date.now() < until && (await openConnections(server)) > 0) await sleep(25);
  }
  await app.close();
}
