import { fireEvent, screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { answerEveryRequest, renderFilmTab } from '../../../test/page-harness';
import { FilmAnalytics } from './film-analytics';

const notifyError = vi.hoisted(() => vi.fn());
vi.mock('../../../lib/notify', () => ({ notifyError }));
vi.mock('../../auth/api/session', () => ({ usePresenter: () => ({ timezone: 'Europe/Paris' }) }));

afterEach(() => {
  notifyError.mockClear();
});

const renderPage = () => renderFilmTab('overview', <FilmAnalytics />);

describe('FilmAnalytics', () => {
  it('says the figures could not be loaded, once, instead of skeletons for ever, and asks again on Try again', async () => {
    answerEveryRequest(500, { code: 'INTERNAL', message: 'Something went wrong' });
    renderPage();
    expect(
      await screen.findByRole('heading', { name: 'The audience figures could not be loaded' }),
    ).toBeTruthy();
    expect(screen.queryByTestId('film-analytics')).toBeNull();
    expect(notifyError).not.toHaveBeenCalled();
    answerEveryRequest(200, { tracking_links: 0 });
    fireEvent.click(screen.getByRole('button', { name: 'Try again' }));
    expect(await screen.findByTestId('film-analytics-empty')).toBeTruthy();
  });
});
