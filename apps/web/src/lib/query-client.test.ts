import { afterEach, expect, it, vi } from 'vitest';
import { ApiError } from './api-client';
import { createQueryClient, messageOf } from './query-client';

const notifyError = vi.hoisted(() => vi.fn());
vi.mock('./notify', () => ({ notifyError }));

afterEach(() => notifyError.mockClear());

it('toasts the server’s message without the field path meant for API clients', () => {
  const refused = new ApiError(400, 'geo_restriction.countries: Choose at least one country for this rule.', [
    { field: 'geo_restriction.countries', message: 'Choose at least one country for this rule.' },
  ]);
  expect(messageOf(refused)).toBe('Choose at least one country for this rule.');
  expect(messageOf(new ApiError(404, 'This screener does not exist.'))).toBe('This screener does not exist.');
  // A message that does not start with its field is left whole.
  expect(
    messageOf(
      new ApiError(400, 'The request body is missing or is not an object.', [
        { field: 'body', message: 'x' },
      ]),
    ),
  ).toBe('The request body is missing or is not an object.');
  expect(messageOf(new TypeError('fetch failed'))).toBe('Something went wrong. Please try again.');
});

/** A client without retries, and a query on it answered by `answer` each time it is asked. */
function queryAnswering(answer: () => Promise<string>) {
  const client = createQueryClient();
  client.setDefaultOptions({ queries: { retry: false } });
  return { fetch: () => client.fetchQuery({ queryKey: ['films'], queryFn: answer, staleTime: 0 }) };
}

it('toasts a load that failed with nothing shown, and not a failed refresh of data already shown', async () => {
  const down = () => Promise.reject(new ApiError(503, 'Something went wrong'));
  await expect(queryAnswering(down).fetch()).rejects.toThrow();
  expect(notifyError).toHaveBeenCalledOnce();
  notifyError.mockClear();

  let answer: () => Promise<string> = async () => 'Night Train';
  const shown = queryAnswering(() => answer());
  await shown.fetch();
  answer = down;
  await expect(shown.fetch()).rejects.toThrow();
  expect(notifyError).not.toHaveBeenCalled();
});
