import { MantineProvider } from '@mantine/core';
import type { InviteResponse } from '@screenroom/shared/schemas/tracking-links';
import type { Video } from '@screenroom/shared/schemas/videos';
import { render, screen, within } from '@testing-library/react';
import { MemoryRouter, Outlet, Route, Routes } from 'react-router';
import { describe, expect, it } from 'vitest';
import { InvitedSuccessfullyDialog } from './invited-successfully-dialog';

const video = { id: '5b1f4c63-3f61-4bb8-9b0a-8f5d1c1c7a11', title: 'Night Train' } as Video;

function showResult(result: InviteResponse) {
  render(
    <MantineProvider>
      <MemoryRouter
        initialEntries={[
          { pathname: `/screeners/${video.id}/dialog/invited-successfully`, state: { result } },
        ]}
      >
        <Routes>
          <Route path="/screeners/:screenerId" element={<Outlet context={video} />}>
            <Route path="dialog/invited-successfully" element={<InvitedSuccessfullyDialog />} />
          </Route>
        </Routes>
      </MemoryRouter>
    </MantineProvider>,
  );
  return within(screen.getByTestId('invite-results'))
    .getAllByRole('row')
    .map((row) => row.textContent);
}

describe('the invitations dialog', () => {
  it('names each invitee whose name was typed, beside their address', () => {
    const rows = showResult({
      invited: 2,
      results: [
        {
          email: 'rita@fest.org',
          name: 'Rita Programmer',
          outcome: 'invited',
          message: 'Invitation sent',
          tracking_link_id: '6f1c1c1e-0000-4000-8000-000000000001',
        },
        {
          email: 'otto@fest.org',
          name: null,
          outcome: 'invited',
          message: 'Invitation sent',
          tracking_link_id: '6f1c1c1e-0000-4000-8000-000000000002',
        },
      ],
    });
    expect(rows).toEqual(['Rita Programmerrita@fest.orgInvited', 'otto@fest.orgInvited']);
  });
});
