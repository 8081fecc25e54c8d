import { MantineProvider } from '@mantine/core';
import type { Video } from '@screenroom/shared/schemas/videos';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { render, screen } from '@testing-library/react';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { describe, expect, it, vi } from 'vitest';
import { videosKey } from '../../videos/api/get-videos';
import { HomeRedirect } from './home-redirect';

const video = {
  id: '5b1f4c63-3f61-4bb8-9b0a-8f5d1c1c7a11',
  title: 'Night Train',
  processing: false,
} as Video;

const renderRouter = (router: ReturnType<typeof createMemoryRouter>, client: QueryClient) =>
  render(
    <MantineProvider>
      <QueryClientProvider client={client}>
        <RouterProvider router={router} />
      </QueryClientProvider>
    </MantineProvider>,
  );

describe('HomeRedirect', () => {
  it('keeps a loader on screen while the film’s page is still loading, not a blank page', async () => {
    // The list is fresh: no request goes out.
    const client = new QueryClient({ defaultOptions: { queries: { staleTime: Number.POSITIVE_INFINITY } } });
    client.setQueryData(videosKey, [video]);
    const router = createMemoryRouter(
      [
        { index: true, Component: HomeRedirect },
        // The page's code still on its way (a lazy route): the navigation waits on it.
        { path: '/screeners/:screenerId/tracking-links', lazy: () => new Promise(() => {}) },
      ],
      { initialEntries: ['/'] },
    );
    renderRouter(router, client);
    expect(await screen.findByLabelText('Loading', {}, { timeout: 3000 })).toBeTruthy();
    expect(router.state.navigation.location?.pathname).toBe(`/screeners/${video.id}/tracking-links`);
  });

  it('starts loading the film page’s code while the library list is still on its way', async () => {
    // The list never arrives in this test: the code must not wait for it.
    vi.stubGlobal('fetch', () => new Promise(() => {}));
    const client = new QueryClient();
    const prefetch = vi.fn();
    const router = createMemoryRouter([{ index: true, element: <HomeRedirect prefetch={prefetch} /> }], {
      initialEntries: ['/'],
    });
    renderRouter(router, client);
    expect(await screen.findByLabelText('Loading')).toBeTruthy();
    expect(prefetch).toHaveBeenCalledTimes(1);
  });
});
