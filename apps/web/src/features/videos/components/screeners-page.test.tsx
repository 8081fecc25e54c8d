import { MantineProvider } from '@mantine/core';
import type { Video } from '@screenroom/shared/schemas/videos';
import { QueryClientProvider } from '@tanstack/react-query';
import { fireEvent, render, screen } from '@testing-library/react';
import { MemoryRouter } from 'react-router';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { createQueryClient } from '../../../lib/query-client';
import { ScreenersPage } from './screeners-page';

const notifyError = vi.hoisted(() => vi.fn());
vi.mock('../../../lib/notify', () => ({ notifyError }));

vi.mock('./video-card', () => ({ VideoCard: ({ video }: { video: Video }) => <p>{video.title}</p> }));

afterEach(() => {
  notifyError.mockClear();
});

function serve(results: Partial<Video>[] | 'down') {
  vi.stubGlobal(
    'fetch',
    vi.fn(async () =>
      results === 'down'
        ? new Response(JSON.stringify({ code: 'INTERNAL', message: 'Something went wrong' }), {
            status: 503,
            headers: { 'content-type': 'application/json' },
          })
        : new Response(JSON.stringify({ results }), { headers: { 'content-type': 'application/json' } }),
    ),
  );
}

function renderPage() {
  // The app's own client (its toasts), without the retries that would only slow the test down.
  const client = createQueryClient();
  client.setDefaultOptions({ queries: { ...client.getDefaultOptions().queries, retry: false } });
  return render(
    <MantineProvider>
      <QueryClientProvider client={client}>
        <MemoryRouter initialEntries={['/screeners']}>
          <ScreenersPage />
        </MemoryRouter>
      </QueryClientProvider>
    </MantineProvider>,
  );
}

describe('ScreenersPage', () => {
  it('offers one way to add the first film when the library is empty', async () => {
    serve([]);
    renderPage();
    expect(await screen.findByRole('link', { name: 'Add your first screener' })).toBeTruthy();
    expect(screen.getAllByRole('link', { name: /add/i })).toHaveLength(1);
  });

  it('keeps the add button in the header once there are films', async () => {
    serve([{ id: 'a', title: 'Night Train', director: null }]);
    renderPage();
    expect(await screen.findByText('Night Train')).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Add screener' })).toBeTruthy();
    expect(screen.queryByRole('link', { name: 'Add your first screener' })).toBeNull();
  });

  it('still offers to add a film when the list cannot be loaded', async () => {
    serve('down');
    renderPage();
    expect(await screen.findByRole('link', { name: 'Add screener' })).toBeTruthy();
  });

  it('says the list could not be loaded, once, and loads it again on Try again', async () => {
    serve('down');
    renderPage();
    expect(await screen.findByRole('heading', { name: 'Your screeners could not be loaded' })).toBeTruthy();
    expect(screen.queryByTestId('no-match')).toBeNull();
    expect(notifyError).not.toHaveBeenCalled();
    serve([{ id: 'a', title: 'Night Train', director: null }]);
    fireEvent.click(screen.getByRole('button', { name: 'Try again' }));
    expect(await screen.findByText('Night Train')).toBeTruthy();
    expect(screen.queryByRole('heading', { name: 'Your screeners could not be loaded' })).toBeNull();
  });
});
