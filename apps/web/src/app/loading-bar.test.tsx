import { MantineProvider } from '@mantine/core';
import { LOADING_BAR_THROTTLE_MS } from '@screenroom/shared/constants';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { act, render, screen } from '@testing-library/react';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { LoadingBar } from './loading-bar';

afterEach(() => {
  vi.useRealTimers();
});

function renderBar(client: QueryClient) {
  const router = createMemoryRouter([{ path: '/', element: <LoadingBar /> }]);
  render(
    <MantineProvider>
      <QueryClientProvider client={client}>
        <RouterProvider router={router} />
      </QueryClientProvider>
    </MantineProvider>,
  );
}

describe('the loading bar', () => {
  // An idle bar read as a "Loading page" progress bar at 0%, outside every landmark of the page.
  it('is out of the accessibility tree while nothing loads', () => {
    renderBar(new QueryClient());
    expect(screen.queryByRole('progressbar', { name: 'Loading page' })).toBeNull();
  });

  it('is announced once loading lasts past the throttle', async () => {
    vi.useFakeTimers();
    const client = new QueryClient();
    renderBar(client);
    void client.fetchQuery({ queryKey: ['slow'], queryFn: () => new Promise(() => {}) });
    await act(async () => {
      await vi.advanceTimersByTimeAsync(LOADING_BAR_THROTTLE_MS + 50);
    });
    expect(screen.getByRole('progressbar', { name: 'Loading page' })).toBeTruthy();
  });
});
