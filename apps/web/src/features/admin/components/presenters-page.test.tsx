import { cleanup, fireEvent, screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { answerEveryRequest, renderAtPath } from '../../../test/page-harness';
import { PresentersPage } from './presenters-page';

const notifyError = vi.hoisted(() => vi.fn());
vi.mock('../../../lib/notify', () => ({ notifyError, notifySuccess: vi.fn() }));
vi.mock('../../auth/api/session', () => ({ usePresenter: () => ({ timezone: 'Europe/Paris' }) }));

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
  notifyError.mockClear();
});

function renderPage() {
  renderAtPath('/presenters', <PresentersPage />);
}

describe('PresentersPage', () => {
  it('says the presenters could not be loaded, once, instead of skeleton rows for ever, and asks again on Try again', async () => {
    answerEveryRequest(500, { code: 'INTERNAL', message: 'Something went wrong' });
    renderPage();
    expect(await screen.findByRole('heading', { name: 'The presenters could not be loaded' })).toBeTruthy();
    expect(screen.queryByText('Loading…')).toBeNull();
    expect(notifyError).not.toHaveBeenCalled();
    answerEveryRequest(200, { results: [], page: 1, limit: 20, totalPages: 0, totalResults: 0 });
    fireEvent.click(screen.getByRole('button', { name: 'Try again' }));
    expect(await screen.findByText('No presenters yet')).toBeTruthy();
  });
});
