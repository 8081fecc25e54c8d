import { STATUS_CODES } from 'node:http';
import type { Socket } from 'node:net';

/** Node's own refusals (before Fastify has a request), in words; Fastify's default said "Client Error". */
function refusalOf(code: string | undefined): [number, string] {
  if (code === 'ERR_HTTP_REQUEST_TIMEOUT') return [408, 'The request took too long to arrive.'];
  if (code === 'HPE_HEADER_OVERFLOW') return [431, 'The request’s address or headers are too long.'];
  return [400, 'The request could not be read: its length or its form is broken.'];
}

/** Fastify's `clientErrorHandler`: answers in the API's JSON shape, then closes the connection. */
export function clientErrorHandler(error: NodeJS.ErrnoException, socket: Socket) {
  // A connection reset leaves nobody to answer.
  if (error.code === 'ECONNRESET' || socket.destroyed) return;
  const [status, message] = refusalOf(error.code);
  const body = JSON.stringify({ message, code: 'BAD_REQUEST' });
  if (socket.writable) {
    socket.write(
      `HTTP/1.1 ${status} ${STATUS_CODES[status]}\r\nContent-Length: ${Buffer.byteLength(body)}\r\nContent-Type: application/json; charset=utf-8\r\nConnection: close\r\n\r\n${body}`,
    );
  }
  socket.destroy(error);
}
