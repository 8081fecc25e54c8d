import { MantineProvider } from '@mantine/core';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { fireEvent, render, screen } from '@testing-library/react';
import { MemoryRouter, Route, Routes } from 'react-router';
import { describe, expect, it } from 'vitest';
import { answerEveryRequest } from '../../../test/page-harness';
import { LinkNotFound } from './link-not-found';
import { useTrackingLinkParam } from './use-tracking-link-param';

const FILM = '5b1f4c63-3f61-4bb8-9b0a-8f5d1c1c7a11';
const LINK = '6f1c1c1e-0000-4000-8000-000000000001';

/** What a viewer's page (overview, configuration) shows before it has a link to show. */
function ViewerPage() {
  const { link, missing, failed } = useTrackingLinkParam();
  if (missing || failed) return <LinkNotFound failed={failed} />;
  return <p>{link ? link.viewer_name : 'loading'}</p>;
}

function renderViewerPage() {
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  render(
    <MantineProvider>
      <QueryClientProvider client={client}>
        <MemoryRouter initialEntries={[`/screeners/${FILM}/tracking-links/${LINK}/overview`]}>
          <Routes>
            <Route
              path="/screeners/:screenerId/tracking-links/:trackingLinkId/overview"
              element={<ViewerPage />}
            />
          </Routes>
        </MemoryRouter>
      </QueryClientProvider>
    </MantineProvider>,
  );
}

describe('a viewer’s page without its link', () => {
  it('says the viewer does not exist when the server has no such link', async () => {
    answerEveryRequest(404, { code: 'NOT_FOUND', message: 'Screener not found' });
    renderViewerPage();
    expect(await screen.findByRole('heading', { name: 'This viewer could not be found' })).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Try again' })).toBeNull();
  });

  it('says the link could not be loaded when the server fails, and loads it on Try again', async () => {
    answerEveryRequest(500, { code: 'INTERNAL', message: 'Something went wrong' });
    renderViewerPage();
    expect(await screen.findByRole('heading', { name: 'This viewer could not be loaded' })).toBeTruthy();
    expect(screen.queryByText(/may have been deleted/)).toBeNull();
    answerEveryRequest(200, { screener: { id: LINK, video_id: FILM, viewer_name: 'Rita Programmer' } });
    fireEvent.click(screen.getByRole('button', { name: 'Try again' }));
    expect(await screen.findByText('Rita Programmer')).toBeTruthy();
  });
});
