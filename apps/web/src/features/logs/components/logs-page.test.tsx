import { fireEvent, screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { answerEveryRequest, renderAtPath } from '../../../test/page-harness';
import { LogsPage } from './logs-page';

const notifyError = vi.hoisted(() => vi.fn());
vi.mock('../../../lib/notify', () => ({ notifyError }));
vi.mock('../../auth/api/session', () => ({ usePresenter: () => ({ timezone: 'Europe/Paris' }) }));

afterEach(() => {
  notifyError.mockClear();
});

function renderPage() {
  renderAtPath('/logs', <LogsPage scope="own" isAdmin={false} />);
}

describe('LogsPage', () => {
  it('says the log could not be loaded, once, instead of skeleton rows for ever, and asks again on Try again', async () => {
    answerEveryRequest(500, { code: 'INTERNAL', message: 'Something went wrong' });
    renderPage();
    expect(
      await screen.findByRole('heading', { name: 'Your activity log could not be loaded' }),
    ).toBeTruthy();
    expect(notifyError).not.toHaveBeenCalled();
    answerEveryRequest(200, { results: [], page: 1, limit: 50, totalPages: 0, totalResults: 0 });
    fireEvent.click(screen.getByRole('button', { name: 'Try again' }));
    expect(await screen.findByText('No log entries yet')).toBeTruthy();
  });
});
