import { MantineProvider } from '@mantine/core';
import { fireEvent, render, screen } from '@testing-library/react';
import { MemoryRouter } from 'react-router';
import { expect, it, vi } from 'vitest';
import { ApiError } from '../lib/api-client';
import { LoadFailedState } from './load-failed-state';

function renderFailed(...errors: unknown[]) {
  const queries = errors.map((error) => ({ error, refetch: vi.fn(), isFetching: false }));
  render(
    <MantineProvider>
      <MemoryRouter>
        <LoadFailedState title="Your screeners could not be loaded" query={queries} />
      </MemoryRouter>
    </MantineProvider>,
  );
  return queries;
}

it('asks to check the connection when Screenroom did not answer at all', () => {
  renderFailed(new ApiError(0, 'The server cannot be reached. Check your connection and try again.'));
  expect(screen.getByText('Screenroom did not answer. Check your connection, then try again.')).toBeTruthy();
});

it('says the failure is on Screenroom’s side, not the connection, when the server answered with an error', () => {
  renderFailed(new ApiError(503, 'Something went wrong'));
  expect(screen.getByText(/Something went wrong on Screenroom’s side/)).toBeTruthy();
  expect(screen.queryByText(/connection/)).toBeNull();
  expect(screen.getByRole('button', { name: 'Try again' })).toBeTruthy();
});

it('gives the server’s own reason for a refusal (a 4xx), not the connection or a failure', () => {
  renderFailed(new ApiError(403, 'Only administrators can do this.'));
  expect(screen.getByText('Only administrators can do this.')).toBeTruthy();
  expect(screen.queryByText(/connection|Screenroom’s side/)).toBeNull();
  // Asking again gets the same refusal: no Try again.
  expect(screen.queryByRole('button', { name: 'Try again' })).toBeNull();
});

it('offers Try again for a refusal that a moment changes (too many requests)', () => {
  renderFailed(new ApiError(429, 'Too many requests. Try again in a minute.'));
  expect(screen.getByText('Too many requests. Try again in a minute.')).toBeTruthy();
  expect(screen.getByRole('button', { name: 'Try again' })).toBeTruthy();
});

it('names the network when any of several failed queries got no answer, and Try again asks each again', () => {
  const queries = renderFailed(undefined, new ApiError(0, 'The server cannot be reached.'));
  expect(screen.getByText(/Check your connection/)).toBeTruthy();
  fireEvent.click(screen.getByRole('button', { name: 'Try again' }));
  for (const q of queries) expect(q.refetch).toHaveBeenCalledOnce();
});
