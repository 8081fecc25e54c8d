import { MantineProvider } from '@mantine/core';
import { ModalsProvider } from '@mantine/modals';
import { Notifications } from '@mantine/notifications';
import type { Video } from '@screenroom/shared/schemas/videos';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { render } from '@testing-library/react';
import type { ReactElement } from 'react';
import { MemoryRouter, Outlet, Route, Routes } from 'react-router';

/**
 * Renders one of a film's dialogs at its address (`dialog/<name>`), under the film page's outlet context,
 * as the app does, toasts included. Requests go to whatever `fetch` the test stubbed; the query client retries nothing
 * unless the test gives its own. `address`: the dialog's own address when `name` is a pattern
 * (`tracking-link/:trackingLinkId/access-link-generated`).
 */
export function renderFilmDialog(
  video: Video,
  name: string,
  dialog: ReactElement,
  client = new QueryClient({ defaultOptions: { queries: { retry: false } } }),
  address = name,
) {
  return render(
    <MantineProvider>
      <Notifications />
      <ModalsProvider>
        <QueryClientProvider client={client}>
          <MemoryRouter initialEntries={[`/screeners/${video.id}/dialog/${address}`]}>
            <Routes>
              <Route path="/screeners/:screenerId" element={<Outlet context={video} />}>
                <Route path={`dialog/${name}`} element={dialog} />
              </Route>
            </Routes>
          </MemoryRouter>
        </QueryClientProvider>
      </ModalsProvider>
    </MantineProvider>,
  );
}
