import { MantineProvider } from '@mantine/core';
import type { Video } from '@screenroom/shared/schemas/videos';
import { render, screen } from '@testing-library/react';
import { createMemoryRouter, Outlet, RouterProvider } from 'react-router';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { ScreenerOverviewPage } from './screener-overview-page';

vi.mock('../../auth/api/session', () => ({ usePresenter: () => ({ timezone: 'UTC', rule_set: 'FREE' }) }));
vi.mock('../api/delete-video', () => ({ useDeleteVideo: () => ({ mutate: vi.fn() }) }));
vi.mock('../api/retry-video', () => ({ useRetryVideo: () => ({ mutate: vi.fn(), isPending: false }) }));
vi.mock('../api/get-hls-url', () => ({ useHlsUrl: () => ({ data: undefined }) }));
vi.mock('../api/get-subtitle-files', () => ({ useSubtitleTrackSources: () => [] }));
vi.mock('../../../components/preview-player', () => ({
  PreviewPlayer: () => <div>player</div>,
  playsFromHls: () => false,
}));
vi.mock('./subtitles-section', () => ({ SubtitlesSection: () => <section>Subtitles form</section> }));

afterEach(() => {
  vi.restoreAllMocks();
});

const film = {
  id: '5b1f4c63-3f61-4bb8-9b0a-8f5d1c1c7a11',
  title: 'Night Train',
  description: 'A synopsis.',
  status: 'encryption-completed',
  type: 'upload',
  duration: 5400,
  renditions: [],
  director: null,
  producer: null,
  tracking_links_count: 2,
  created_at: '2026-11-20T10:00:00.000Z',
  enable_watermark: false,
  admin_note: null,
} as unknown as Video;

function showOverview(phone: boolean) {
  vi.spyOn(window, 'matchMedia').mockImplementation(
    (query) => ({ matches: phone, media: query, addEventListener() {}, removeEventListener() {} }) as never,
  );
  const router = createMemoryRouter(
    [
      {
        path: '/',
        element: <Outlet context={film} />,
        children: [
          {
            path: 'overview',
            element: <ScreenerOverviewPage />,
            children: [{ index: true, element: <section>Audience figures</section> }],
          },
        ],
      },
    ],
    { initialEntries: ['/overview'] },
  );
  render(
    <MantineProvider>
      <RouterProvider router={router} />
    </MantineProvider>,
  );
}

const follows = (first: HTMLElement, second: HTMLElement) =>
  Boolean(first.compareDocumentPosition(second) & Node.DOCUMENT_POSITION_FOLLOWING);

describe('a film overview', () => {
  it.each([
    ['a phone', true],
    ['a wide screen', false],
  ])('on %s shows the audience figures before the subtitles form', (_, phone) => {
    showOverview(phone);
    expect(follows(screen.getByText('Audience figures'), screen.getByText('Subtitles form'))).toBe(true);
  });
});
