import type { Video } from '@screenroom/shared/schemas/videos';
import { cleanup, fireEvent, screen } from '@testing-library/react';
import { Outlet, Route, Routes } from 'react-router';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { answerEveryRequest, renderAtPath } from '../../../test/page-harness';
import { TrackingLinksPage } from './tracking-links-page';

const notifyError = vi.hoisted(() => vi.fn());
vi.mock('../../../lib/notify', () => ({ notifyError }));
vi.mock('../../auth/api/session', () => ({ usePresenter: () => ({ timezone: 'Europe/Paris' }) }));
vi.mock('./anonymous-link-card', () => ({ AnonymousLinkCard: () => null }));

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
  notifyError.mockClear();
});

const film = { id: '5b1f4c63-3f61-4bb8-9b0a-8f5d1c1c7a11', title: 'Night Train' } as Video;

function renderPage() {
  renderAtPath(
    `/screeners/${film.id}/tracking-links`,
    <Routes>
      <Route path="/screeners/:screenerId" element={<Outlet context={film} />}>
        <Route path="tracking-links" element={<TrackingLinksPage />} />
      </Route>
    </Routes>,
  );
}

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
