import { screen } from '@testing-library/react';
import { afterEach, expect, it, vi } from 'vitest';
import { answerRequests, renderAtPath } from '../../../test/page-harness';
import { AddScreenerDialog } from './add-screener-dialog';

const notifyError = vi.hoisted(() => vi.fn());
vi.mock('../../../lib/notify', () => ({ notifyError, notifySuccess: vi.fn() }));

afterEach(() => {
  notifyError.mockClear();
});

it('says the Vimeo settings could not be loaded, once, not "Link your Vimeo account"', async () => {
  // The plan's own failure (its limit notice) is a toast of its own; the Vimeo status is said in the tab.
  answerRequests((url) => ({
    status: 503,
    body: { message: url.includes('/vimeo/status') ? 'Vimeo status failed' : 'Plan failed' },
  }));
  renderAtPath(
    '/screeners/dialog/add-screener?vimeo=76979871',
    <AddScreenerDialog vimeoPicker={() => null} />,
  );
  expect(await screen.findByText('Your Vimeo settings could not be loaded')).toBeTruthy();
  expect(screen.queryByRole('link', { name: 'Link your Vimeo account' })).toBeNull();
  expect(notifyError).not.toHaveBeenCalledWith('Vimeo status failed', expect.anything());
});
