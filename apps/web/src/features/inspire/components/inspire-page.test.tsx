import { screen, waitFor } from '@testing-library/react';
import { expect, it, vi } from 'vitest';
import { answerEveryRequest, renderAtPath } from '../../../test/page-harness';
import { InspirePage } from './inspire-page';

vi.mock('../../../lib/notify', () => ({ notifyError: vi.fn() }));

it('offers to add a screener only when the library is known to be empty, not when it failed to load', async () => {
  answerEveryRequest(503, { message: 'Something went wrong' });
  const client = renderAtPath('/inspire', <InspirePage />);
  // Once the library's request has failed, not while it loads (which offers the same link).
  await waitFor(() =>
    expect(client.getQueryCache().findAll({ predicate: (q) => q.state.status === 'error' })).not.toHaveLength(
      0,
    ),
  );
  expect(await screen.findAllByRole('link', { name: 'See your screeners' })).toHaveLength(2);
  expect(screen.queryByRole('link', { name: 'Add a screener' })).toBeNull();
});

it('offers to add a screener to an empty library', async () => {
  answerEveryRequest(200, { results: [] });
  renderAtPath('/inspire', <InspirePage />);
  expect(await screen.findByRole('link', { name: 'Add a screener' })).toBeTruthy();
});
