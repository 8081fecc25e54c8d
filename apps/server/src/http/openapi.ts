import swagger from '@fastify/swagger';
import swaggerUi from '@fastify/swagger-ui';
import { jsonSchemaTransform, jsonSchemaTransformObject } from 'fastify-type-provider-zod';
import type { App } from './types';

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
    transform: jsonSchemaTransform,
    transformObject: jsonSchemaTransformObject,
  });
  await app.register(swaggerUi, { routePrefix: '/api/docs', staticCSP: true });
}

export const secured = [{ bearerAuth: [] }];
