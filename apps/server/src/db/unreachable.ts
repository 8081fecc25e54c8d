import { errorChain } from '../lib/error-chain';

/** PostgreSQL's own words for "not now": a connection failure (class 08) or a server shutting down or starting up. */
const UNAVAILABLE_SQLSTATES = /^(08|57P0[123])/;
/** Node's socket errors on the way to the database. */
const SOCKET_CODES = new Set([
  'ECONNREFUSED',
  'ECONNRESET',
  'ETIMEDOUT',
  'EPIPE',
  'EHOSTUNREACH',
  'ENETUNREACH',
  'ENOTFOUND',
  'EAI_AGAIN',
]);
/** What node-postgres says when a connection breaks or cannot be had in time (these carry no code). */
const DRIVER_MESSAGES =
  /^(Connection terminated|timeout exceeded when trying to connect|Client has encountered a connection error|Query read timeout|Connection terminated due to connection timeout)/;

/**
 * Whether this error (or one it wraps, as Drizzle wraps the driver's) says the database cannot be
 * reached, rather than that it refused a query. A failed `fetch` (undici's TypeError) is another
 * service's trouble, not the database's.
 */
export function isDatabaseUnreachable(error: unknown): boolean {
  for (const current of errorChain(error)) {
    if (current instanceof TypeError && current.message === 'fetch failed') return false;
    const code = (current as { code?: unknown }).code;
    if (typeof code === 'string' && (UNAVAILABLE_SQLSTATES.test(code) || SOCKET_CODES.has(code))) return true;
    if (DRIVER_MESSAGES.test(current.message)) return true;
  }
  return false;
}
