import { z } from 'zod';
import { MESSAGES } from '../messages';

export const uuidParam = z.object({ id: z.uuid({ error: 'This id is not valid' }) });

/** `page` and `limit` of a paged list (at most 100 a page), with messages a person can act on. */
export function pageQueryFields(defaultLimit = 20) {
  return {
    page: z.coerce
      .number({ error: 'page must be a number' })
      .int('page must be a whole number')
      .min(1, 'page must be 1 or more')
      .default(1),
    limit: z.coerce
      .number({ error: 'limit must be a number' })
      .int(MESSAGES.numeric)
      .min(1, MESSAGES.range(1, 100))
      .max(100, MESSAGES.range(1, 100))
      .default(defaultLimit),
  };
}

export function paginated<T extends z.ZodType>(item: T) {
  return z.object({
    results: z.array(item),
    page: z.number().int(),
    limit: z.number().int(),
    totalPages: z.number().int(),
    totalResults: z.number().int(),
  });
}

export const okResponse = z.object({ ok: z.literal(true) });
