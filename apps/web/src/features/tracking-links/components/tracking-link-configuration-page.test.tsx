import { MantineProvider } from '@mantine/core';
import { Notifications } from '@mantine/notifications';
import type { TrackingLink } from '@screenroom/shared/schemas/tracking-links';
import { QueryClientProvider } from '@tanstack/react-query';
import { fireEvent, render, screen } from '@testing-library/react';
import { MemoryRouter } from 'react-router';
import { describe, expect, it, vi } from 'vitest';
import { createQueryClient } from '../../../lib/query-client';
import { TrackingLinkConfigurationPage } from './tracking-link-configuration-page';

const link = {
  id: '6f1c1c1e-0000-4000-8000-000000000004',
  video_id: '5b1f4c63-3f61-4bb8-9b0a-8f5d1c1c7a11',
  viewer_name: 'Lea',
  viewer_email: 'lea@festival.org',
  usage_limit: null,
  ends_at: null,
  geo_restriction: { type: 'none', countries: [] },
  generated_by: 'access_url',
  editable: true,
} as unknown as TrackingLink;

vi.mock('../../auth/api/session', () => ({
  usePresenter: () => ({ id: 'p1', name: 'Jane Director', timezone: 'Europe/Paris' }),
}));
vi.mock('./use-tracking-link-param', () => ({ useTrackingLinkParam: () => ({ link, missing: false }) }));

describe('TrackingLinkConfigurationPage', () => {
  it('says a refused field once, under the field, with no toast saying it again', async () => {
    const refusal = { field: 'viewer_name', message: 'This name is not accepted' };
    vi.stubGlobal(
      'fetch',
      vi.fn(async () =>
        Response.json({ message: `viewer_name: ${refusal.message}`, errors: [refusal] }, { status: 400 }),
      ),
    );
    render(
      <MantineProvider>
        <Notifications />
        <QueryClientProvider client={createQueryClient()}>
          <MemoryRouter>
            <TrackingLinkConfigurationPage />
          </MemoryRouter>
        </QueryClientProvider>
      </MantineProvider>,
    );
    fireEvent.change(screen.getByLabelText("Viewer's name"), { target: { value: 'Lea P.' } });
    fireEvent.click(screen.getByRole('button', { name: 'Save' }));
    expect(await screen.findByText(refusal.message)).toBeTruthy();
    // A toast is shown before the mutation's callbacks run, so it would be on screen by now.
    expect(screen.getAllByText(refusal.message)).toHaveLength(1);
  });
});
