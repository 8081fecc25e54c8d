import { MantineProvider } from '@mantine/core';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { render, screen } from '@testing-library/react';
import { MemoryRouter, Route, Routes } from 'react-router';
import { describe, expect, it, vi } from 'vitest';
import { answerEveryRequest } from '../../../test/page-harness';
import { SessionReplayPage } from './session-replay-page';

vi.mock('../../auth/api/session', () => ({
  usePresenter: () => ({ timezone: 'Europe/Paris', player_settings: { autoJumpToNextSession: false } }),
}));

const FILM = '5b1f4c63-3f61-4bb8-9b0a-8f5d1c1c7a11';
const LINK = '6f1c1c1e-0000-4000-8000-000000000001';

function renderReplay() {
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  render(
    <MantineProvider>
      <QueryClientProvider client={client}>
        <MemoryRouter initialEntries={[`/analytics/${FILM}/tracking-links/${LINK}`]}>
          <Routes>
            <Route
              path="/analytics/:videoId/tracking-links/:trackingLinkId"
              element={<SessionReplayPage />}
            />
          </Routes>
        </MemoryRouter>
      </QueryClientProvider>
    </MantineProvider>,
  );
}

describe('the session replay without its viewer', () => {
  it('says the viewer could not be found when the server has no such link', async () => {
    answerEveryRequest(404, { code: 'NOT_FOUND', message: 'Screener not found' });
    renderReplay();
    expect(await screen.findByRole('heading', { name: 'This viewer could not be found' })).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Try again' })).toBeNull();
  });

  it('says the viewer could not be loaded when the server fails, with Try again', async () => {
    answerEveryRequest(500, { code: 'INTERNAL', message: 'Something went wrong' });
    renderReplay();
    expect(await screen.findByRole('heading', { name: 'This viewer could not be loaded' })).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Try again' })).toBeTruthy();
  });
});
