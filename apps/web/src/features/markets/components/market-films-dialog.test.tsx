import { cleanup, fireEvent, screen } from '@testing-library/react';
import { afterEach, expect, it, vi } from 'vitest';
import { answerEveryRequest, renderAtPath } from '../../../test/page-harness';
import { MarketFilmsDialog } from './market-films-dialog';

const notifyError = vi.hoisted(() => vi.fn());
vi.mock('../../../lib/notify', () => ({ notifyError, notifySuccess: vi.fn() }));

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
  notifyError.mockClear();
});

it('says the films could not be loaded, once, with Try again, instead of loading for good', async () => {
  answerEveryRequest(503, { message: 'Something went wrong' });
  renderAtPath(
    '/admin/markets',
    <MarketFilmsDialog market={{ id: 'm1', name: 'Berlinale' }} timezone="Europe/Paris" onClose={() => {}} />,
  );
  expect(await screen.findByText('The films could not be loaded')).toBeTruthy();
  expect(notifyError).not.toHaveBeenCalled();
  answerEveryRequest(200, { results: [] });
  fireEvent.click(screen.getByRole('button', { name: 'Try again' }));
  expect(await screen.findByText('No film is listed in this market yet.')).toBeTruthy();
});
