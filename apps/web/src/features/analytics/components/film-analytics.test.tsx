import type { Video } from '@screenroom/shared/schemas/videos';
import { cleanup, fireEvent, screen } from '@testing-library/react';
import { Outlet, Route, Routes } from 'react-router';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { answerEveryRequest, renderAtPath } from '../../../test/page-harness';
import { FilmAnalytics } from './film-analytics';

const notifyError = vi.hoisted(() => vi.fn());
vi.mock('../../../lib/notify', () => ({ notifyError }));
vi.mock('../../auth/api/session', () => ({ usePresenter: () => ({ timezone: 'Europe/Paris' }) }));

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
  notifyError.mockClear();
});

const film = { id: '5b1f4c63-3f61-4bb8-9b0a-8f5d1c1c7a11', title: 'Night Train' } as Video;

function renderPage() {
  renderAtPath(
    `/screeners/${film.id}/overview`,
    <Routes>
      <Route path="/screeners/:screenerId" element={<Outlet context={film} />}>
        <Route path="overview" element={<FilmAnalytics />} />
      </Route>
    </Routes>,
  );
}

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
