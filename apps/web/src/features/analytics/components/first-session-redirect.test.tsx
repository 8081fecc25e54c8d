import { MantineProvider } from '@mantine/core';
import type { SessionSummary, SessionsPage } from '@screenroom/shared/schemas/analytics';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { render, screen } from '@testing-library/react';
import { createMemoryRouter, RouterProvider, useSearchParams } from 'react-router';
import { describe, expect, it, vi } from 'vitest';
import { FirstSessionRedirect } from './first-session-redirect';

const session = (id: string): SessionSummary => ({
  session_id: id,
  tracking_link_id: '00000000-0000-4000-8000-00000000000a',
  start: '2026-03-01T10:00:00.000Z',
  end: '2026-03-01T10:05:00.000Z',
  time_spent: 300,
  watched_minutes: 4,
  views: 1,
  clicks: 0,
  events: 12,
  coverage: 0.5,
  played_ranges: [[0, 240]],
  country: 'FR',
  device: 'desktop',
  browser: 'Firefox',
  os: 'Linux',
  live: false,
});

function serve(results: SessionSummary[]) {
  const fetch = vi.fn(async (_url: string, _init?: RequestInit) => {
    const body: SessionsPage = {
      results,
      page: 1,
      limit: 1,
      totalPages: results.length,
      totalResults: results.length,
    };
    return new Response(JSON.stringify(body), {
      status: 200,
      headers: { 'content-type': 'application/json' },
    });
  });
  vi.stubGlobal('fetch', fetch);
  return fetch;
}

/** The replay route as the app has it: the redirect until `sid` is set, then the replay (here, the sid). */
function Replay() {
  const [search] = useSearchParams();
  const sid = search.get('sid');
  return sid ? (
    <p data-testid="replayed">{sid}</p>
  ) : (
    <FirstSessionRedirect trackingLinkId="link-1" backTo="/back" />
  );
}

function renderAt(path: string) {
  const router = createMemoryRouter(
    [{ path: '/analytics/:videoId/tracking-links/:trackingLinkId', Component: Replay }],
    {
      initialEntries: [path],
    },
  );
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  render(
    <MantineProvider>
      <QueryClientProvider client={client}>
        <RouterProvider router={router} />
      </QueryClientProvider>
    </MantineProvider>,
  );
  return router;
}

describe('the replay without a session id', () => {
  it('opens the link’s first session, replacing the address', async () => {
    const fetch = serve([session('11111111-1111-4111-8111-111111111111')]);
    const router = renderAt('/analytics/video-1/tracking-links/link-1');
    expect((await screen.findByTestId('replayed')).textContent).toBe('11111111-1111-4111-8111-111111111111');
    expect(router.state.location.search).toBe('?sid=11111111-1111-4111-8111-111111111111');
    expect(router.state.historyAction).toBe('REPLACE');
    const [url, init] = fetch.mock.calls[0] ?? [];
    expect(url).toMatch(/\/screeners\/link-1\/analytics$/);
    expect(JSON.parse(String(init?.body))).toEqual({ page: 1, limit: 1, order: 'oldest' });
  });

  it('says there is nothing to replay when the viewer never opened their link', async () => {
    serve([]);
    const router = renderAt('/analytics/video-1/tracking-links/link-1');
    expect(await screen.findByText('Nothing to replay yet')).toBeTruthy();
    expect(router.state.location.search).toBe('');
  });
});
