import { fireEvent, screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { answerEveryRequest, renderFilmTab } from '../../../test/page-harness';
import { TrackingLinksPage } from './tracking-links-page';

const notifyError = vi.hoisted(() => vi.fn());
vi.mock('../../../lib/notify', () => ({ notifyError }));
vi.mock('../../auth/api/session', () => ({ usePresenter: () => ({ timezone: 'Europe/Paris' }) }));
vi.mock('./anonymous-link-card', () => ({ AnonymousLinkCard: () => null }));

afterEach(() => {
  notifyError.mockClear();
});

const renderPage = () => renderFilmTab('tracking-links', <TrackingLinksPage />);

describe('TrackingLinksPage', () => {
  it('says the viewers could not be loaded, once, instead of an empty table, and loads them on Try again', async () => {
    answerEveryRequest(500, { code: 'INTERNAL', message: 'Something went wrong' });
    renderPage();
    expect(await screen.findByRole('heading', { name: 'Your viewers could not be loaded' })).toBeTruthy();
    expect(screen.queryByTestId('audience-table')).toBeNull();
    expect(notifyError).not.toHaveBeenCalled();
    answerEveryRequest(200, { results: [], page: 1, limit: 20, totalPages: 0, totalResults: 0 });
    fireEvent.click(screen.getByRole('button', { name: 'Try again' }));
    expect(await screen.findByTestId('empty-audience')).toBeTruthy();
  });
});
