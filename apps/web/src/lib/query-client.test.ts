import { expect, it } from 'vitest';
import { ApiError } from './api-client';
import { messageOf } from './query-client';

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
