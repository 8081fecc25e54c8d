import { MantineProvider } from '@mantine/core';
import type { TrackingLink } from '@screenroom/shared/schemas/tracking-links';
import { render, screen } from '@testing-library/react';
import { MemoryRouter } from 'react-router';
import { describe, expect, it, vi } from 'vitest';
import { AudienceCards } from './audience-cards';

vi.mock('./tracking-link-actions', () => ({ TrackingLinkActions: () => null }));

const neverOpened = {
  id: '6f1c1c1e-0000-4000-8000-000000000002',
  video_id: '5b1f4c63-3f61-4bb8-9b0a-8f5d1c1c7a11',
  viewer_name: null,
  viewer_email: 'buyer@sales.test',
  generated_by: 'invitation',
  status: 'active',
  access_url: 'http://localhost/watch/def',
  geo_restriction: { type: 'none', countries: [] },
  usage_limit: null,
  ends_at: null,
  invite_date: '2026-11-25T09:00:00.000Z',
  created_at: '2026-11-25T09:00:00.000Z',
  sessions: 0,
  views: 0,
  clicks: 0,
  watched_minutes: 0,
  country: null,
  device: null,
  browser: null,
  last_active: null,
} as unknown as TrackingLink;

describe('a viewer’s card on a phone', () => {
  it('shows the empty mark for the watched time of a link nobody opened', () => {
    render(
      <MantineProvider>
        <MemoryRouter>
          <AudienceCards videoId={neverOpened.video_id} links={[neverOpened]} timezone="Europe/Paris" />
        </MemoryRouter>
      </MantineProvider>,
    );
    expect(screen.getByText(/– watched/)).toBeTruthy();
    expect(screen.queryByText(/0 s watched/)).toBeNull();
  });
});
