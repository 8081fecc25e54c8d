import { fireEvent, screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { answerEveryRequest, renderAtPath } from '../../../test/page-harness';
import { MarketsAdminPage } from './markets-admin-page';

const notifyError = vi.hoisted(() => vi.fn());
vi.mock('../../../lib/notify', () => ({ notifyError }));
vi.mock('../../auth/api/session', () => ({
  usePresenter: () => ({ id: 'p1', name: 'Jane Admin', timezone: 'Europe/Paris' }),
}));

afterEach(() => {
  notifyError.mockClear();
});

function renderPage() {
  renderAtPath('/markets', <MarketsAdminPage />);
}

describe('MarketsAdminPage', () => {
  it('says the markets could not be loaded, once, instead of a loader for ever, and asks again on Try again', async () => {
    answerEveryRequest(500, { code: 'INTERNAL', message: 'Something went wrong' });
    renderPage();
    expect(await screen.findByRole('heading', { name: 'The markets could not be loaded' })).toBeTruthy();
    expect(notifyError).not.toHaveBeenCalled();
    answerEveryRequest(200, { results: [] });
    fireEvent.click(screen.getByRole('button', { name: 'Try again' }));
    expect(await screen.findByText('No market yet.')).toBeTruthy();
  });

  it('says a refused code once, under the field, with no toast saying it again', async () => {
    const refusal = { field: 'code', message: 'This code is already used by another market' };
    vi.stubGlobal(
      'fetch',
      vi.fn(async (_url: string, init?: RequestInit) =>
        init?.method === 'POST'
          ? Response.json({ message: `code: ${refusal.message}`, errors: [refusal] }, { status: 409 })
          : Response.json({ results: [] }),
      ),
    );
    renderPage();
    fireEvent.change(await screen.findByLabelText('Name'), { target: { value: 'Berlin Film Market' } });
    fireEvent.change(screen.getByLabelText('Code'), { target: { value: 'BERLIN26' } });
    fireEvent.click(screen.getByRole('button', { name: 'Create market' }));
    expect(await screen.findByText(refusal.message)).toBeTruthy();
    expect(notifyError).not.toHaveBeenCalled();
  });
});
