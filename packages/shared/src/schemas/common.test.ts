import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { sessionsQueryBody } from './analytics';
import { pageQueryFields } from './common';
import { presentersListQuery } from './presenters';
import { audienceQuery } from './tracking-links';

const firstMessage = (schema: z.ZodType, input: unknown) => {
  const result = schema.safeParse(input);
  return result.success ? null : result.error.issues[0]?.message;
};

describe('pageQueryFields', () => {
  const query = z.object(pageQueryFields(25));

  it('defaults to the first page of the given size and reads numbers from the query string', () => {
    expect(query.parse({})).toEqual({ page: 1, limit: 25 });
    expect(query.parse({ page: '3', limit: '100' })).toEqual({ page: 3, limit: 100 });
  });

  it.each([
    [{ page: 'first' }, 'page must be a number'],
    [{ page: '1.5' }, 'page must be a whole number'],
    [{ page: '0' }, 'page must be 1 or more'],
    [{ limit: 'all' }, 'limit must be a number'],
    [{ limit: '2.5' }, 'It must be numeric'],
    [{ limit: '0' }, 'It must be in range of 1 to 100.'],
    [{ limit: '101' }, 'It must be in range of 1 to 100.'],
  ])('refuses %j with "%s"', (input, message) => {
    expect(firstMessage(query, input)).toBe(message);
  });

  it('gives every paged list the same messages', () => {
    for (const schema of [audienceQuery, presentersListQuery]) {
      expect(firstMessage(schema, { limit: '500' })).toBe('It must be in range of 1 to 100.');
      expect(firstMessage(schema, { page: '-1' })).toBe('page must be 1 or more');
    }
  });

  it("gives a link's sessions (a JSON body, not a query string) the same messages", () => {
    expect(firstMessage(sessionsQueryBody, { limit: 500 })).toBe('It must be in range of 1 to 100.');
    expect(firstMessage(sessionsQueryBody, { limit: 0 })).toBe('It must be in range of 1 to 100.');
    expect(firstMessage(sessionsQueryBody, { limit: 'all' })).toBe('It must be numeric');
    expect(firstMessage(sessionsQueryBody, { page: 0 })).toBe('page must be 1 or more');
    expect(sessionsQueryBody.parse({})).toEqual({ page: 1, limit: 20, order: 'newest' });
  });
});
