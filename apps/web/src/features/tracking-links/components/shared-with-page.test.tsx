import type { Video } from '@screenroom/shared/schemas/videos';
import { cleanup, fireEvent, screen } from '@testing-library/react';
import { Outlet, Route, Routes } from 'react-router';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { answerEveryRequest, renderAtPath } from '../../../test/page-harness';
import { SharedWithPage } from './shared-with-page';

const notifyError = vi.hoisted(() => vi.fn());
vi.mock('../../../lib/notify', () => ({ notifyError }));

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
  notifyError.mockClear();
});

const film = { id: '5b1f4c63-3f61-4bb8-9b0a-8f5d1c1c7a11', title: 'Night Train' } as Video;

function renderPage() {
  renderAtPath(
    `/screeners/${film.id}/shared-with`,
    <Routes>
      <Route path="/screeners/:screenerId" element={<Outlet context={film} />}>
        <Route path="shared-with" element={<SharedWithPage />} />
      </Route>
    </Routes>,
  );
}

describe('SharedWithPage', () => {
  it('says who has access could not be loaded, once, and asks again on Try again', async () => {
    answerEveryRequest(500, { code: 'INTERNAL', message: 'Something went wrong' });
    renderPage();
    expect(await screen.findByRole('heading', { name: 'Who has access could not be loaded' })).toBeTruthy();
    expect(notifyError).not.toHaveBeenCalled();
    answerEveryRequest(200, { results: [] });
    fireEvent.click(screen.getByRole('button', { name: 'Try again' }));
    expect(await screen.findByText('Nobody has access yet.')).toBeTruthy();
  });
});
