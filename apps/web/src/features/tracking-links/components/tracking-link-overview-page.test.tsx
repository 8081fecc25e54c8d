import { MantineProvider } from '@mantine/core';
import type { TrackingLink } from '@screenroom/shared/schemas/tracking-links';
import { render, screen, within } from '@testing-library/react';
import { MemoryRouter } from 'react-router';
import { describe, expect, it, vi } from 'vitest';
import { TrackingLinkOverviewPage } from './tracking-link-overview-page';

let link: TrackingLink;
vi.mock('./use-tracking-link-param', () => ({
  useTrackingLinkParam: () => ({ link, missing: false, failed: undefined }),
}));
vi.mock('../../auth/api/session', () => ({ usePresenter: () => ({ timezone: 'Europe/Paris' }) }));

const viewed = {
  id: '6f1c1c1e-0000-4000-8000-000000000001',
  video_id: '5b1f4c63-3f61-4bb8-9b0a-8f5d1c1c7a11',
  viewer_name: 'Rita Programmer',
  viewer_email: 'rita@fest.org',
  generated_by: 'invitation',
  status: 'active',
  access_url: 'http://localhost/watch/abc',
  geo_restriction: { type: 'none', countries: [] },
  usage_limit: null,
  ends_at: null,
  invite_date: null,
  created_at: '2026-11-25T09:00:00.000Z',
  sessions: 1,
  views: 1,
  clicks: 0,
  watched_minutes: 3,
  country: null,
  device: 'desktop',
  browser: 'Firefox',
  last_active: '2026-11-26T09:00:00.000Z',
} as unknown as TrackingLink;

function showLink(overrides: Partial<TrackingLink>) {
  link = { ...viewed, ...overrides };
  render(
    <MantineProvider>
      <MemoryRouter>
        <TrackingLinkOverviewPage />
      </MemoryRouter>
    </MantineProvider>,
  );
}

describe('a link’s last visit', () => {
  it('reads "Unknown" when the geo database could not place it, as the film’s breakdown does', () => {
    showLink({});
    expect(screen.getByText('Country: Unknown')).toBeTruthy();
  });

  it('has no country before anyone opened the link', () => {
    showLink({ sessions: 0, views: 0, last_active: null, device: null, browser: null });
    expect(screen.getByText('Country: –')).toBeTruthy();
  });
});

describe('a link’s watched time', () => {
  it('is the empty mark before anyone opened the link, not "0 s"', () => {
    showLink({ sessions: 0, views: 0, watched_minutes: 0, last_active: null, device: null, browser: null });
    const card = screen.getByText('Watched').parentElement as HTMLElement;
    expect(within(card).getByText('–')).toBeTruthy();
    expect(within(card).queryByText('0 s')).toBeNull();
  });

  it('reads "0 s" once someone opened it without playing', () => {
    showLink({ watched_minutes: 0 });
    const card = screen.getByText('Watched').parentElement as HTMLElement;
    expect(within(card).getByText('0 s')).toBeTruthy();
  });
});
