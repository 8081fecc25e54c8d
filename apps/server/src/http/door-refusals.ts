import { apiErrorSchema } from '@screenroom/shared/errors';
import type { App } from './types';

/** Methods whose body Fastify reads (and so may find too large) before the route's handler. */
const BODY_METHODS = new Set(['POST', 'PUT', 'PATCH', 'DELETE']);

const badRequest = apiErrorSchema.describe(
  'Refused before the operation: a NUL character or a broken address, a body that is not valid JSON',
);
const tooLarge = apiErrorSchema.describe('The request body is larger than the server takes (1MB)');

/**
 * Every operation can be refused at the door, before its own validation: a 400 (NUL in the address,
 * broken JSON) and, where a body is read, a 413. Listed on each route that does not list them itself, so
 * the API document shows every answer an operation can give.
 */
export function registerDoorRefusals(app: App) {
  app.addHook('onRoute', (route) => {
    const schema = route.schema as { hide?: boolean; response?: Record<string, unknown> } | undefined;
    if (!schema || schema.hide) return;
    const takesBody = [route.method].flat().some((m) => BODY_METHODS.has(m));
    schema.response = { 400: badRequest, ...(takesBody ? { 413: tooLarge } : {}), ...schema.response };
  });
}
