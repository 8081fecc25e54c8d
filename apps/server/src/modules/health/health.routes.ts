import { AppError, apiErrorSchema } from '@screenroom/shared/errors';
import { sql } from 'drizzle-orm';
import { z } from 'zod';
import type { Database } from '../../db/client';
import type { App } from '../../http/types';

type Deps = { db: Database; eventBacklog: () => number };

export async function healthRoutes(app: App, { db, eventBacklog }: Deps) {
  app.get('/health', {
    schema: {
      tags: ['Health'],
      summary: 'Answers when the API and its database do',
      response: {
        200: z.object({
          status: z.literal('ok'),
          database: z.literal('up'),
          /** Viewer event batches answered (journaled) but not yet folded into PostgreSQL. */
          eventBacklog: z.number().int(),
        }),
        503: apiErrorSchema.describe('The database is not answering'),
      },
    },
    handler: async () => {
      try {
        await db.execute(sql`select 1`);
      } catch {
        throw new AppError('UNAVAILABLE', 'The database is not answering.');
      }
      return { status: 'ok' as const, database: 'up' as const, eventBacklog: eventBacklog() };
    },
  });
}
