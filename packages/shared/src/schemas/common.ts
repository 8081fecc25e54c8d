import { z } from 'zod';

export const uuidParam = z.object({ id: z.uuid({ error: 'This id is not valid' }) });

export const paginationQuery = z.object({
  page: z.coerce.number().int().min(1).default(1),
  limit: z.coerce.number().int().min(1).max(100).default(20),
});

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
