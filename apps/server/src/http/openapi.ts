import swagger from '@fastify/swagger';
import swaggerUi from '@fastify/swagger-ui';
import { jsonSchemaTransform, jsonSchemaTransformObject } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { App } from './types';

/**
 * Every operation's failures not listed on it (a 500, a database out of reach, a broken address) answer
 * the same `{ message }` body, which the document says once per operation.
 */
const anyOtherFailure = {
  description: 'Any other failure (a broken address, a failure of ours): `{ "message": ... }`',
  content: { 'application/json': { schema: { $ref: '#/components/schemas/ApiError' } } },
};

/** The OpenAPI document, generated from the same zod schemas the routes validate with. UI at /api/docs. */
export async function registerOpenApi(app: App, publicUrl: string) {
  await app.register(swagger, {
    openapi: {
      openapi: '3.1.0',
      info: {
        title: 'Screenroom API',
        version: '1.0.0',
        description:
          'Private film screeners: presenters share films through one link per viewer and see every session. ' +
          'In this API a `video` is the UI\'s "Screener" and a `/screeners` record is a viewer\'s tracking link. ' +
          'Errors answer `{ "message": "..." }`.',
      },
      servers: [{ url: publicUrl }],
      components: {
        securitySchemes: { bearerAuth: { type: 'http', scheme: 'bearer', bearerFormat: 'JWT' } },
      },
    },
    transform: (route) => {
      const { schema, url } = jsonSchemaTransform(route);
      if (!schema || schema.hide) return { schema, url };
      const response = (schema.response ?? {}) as Record<string, unknown>;
      return { schema: { ...schema, response: { ...response, default: anyOtherFailure } }, url };
    },
    transformObject: jsonSchemaTransformObject,
  });
  await app.register(swaggerUi, { routePrefix: '/api/docs', staticCSP: true });
}

export const secured = [{ bearerAuth: [] }];

/**
 * A success whose body is not JSON (a playlist, a segment, a key, an image), as the document shows it.
 * Such bodies are sent as text or bytes with their own type, so no serializer reads this schema.
 */
export function fileAnswer(description: string, contentTypes: readonly string[], text = false) {
  // Bytes are sent as a Buffer or a stream: typed unknown so a handler may send either.
  const schema = text ? z.string() : z.unknown().meta({ type: 'string', format: 'binary' });
  return { description, content: Object.fromEntries(contentTypes.map((type) => [type, { schema }])) };
}

/** A success without a body (its answer is in the status and the headers): the document shows no content. */
export const emptyAnswer = (description: string) => z.null().describe(description);
