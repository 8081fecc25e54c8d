import { MantineProvider } from '@mantine/core';
import { Notifications } from '@mantine/notifications';
import { QueryClientProvider } from '@tanstack/react-query';
import { cleanup, fireEvent, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { createQueryClient } from '../../../lib/query-client';
import { ProfilePage } from './profile-page';

vi.mock('../../auth/api/session', () => ({
  usePresenter: () => ({
    id: 'p1',
    name: 'Jane Director',
    email: 'jane@example.org',
    timezone: 'Europe/Paris',
    theme: 'dark',
  }),
  useSetPresenter: () => () => {},
}));

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

describe('ProfilePage', () => {
  it('says a refused name once, under the field, with no toast saying it again', async () => {
    const refusal = { field: 'name', message: 'This name is not accepted' };
    vi.stubGlobal(
      'fetch',
      vi.fn(async () =>
        Response.json({ message: `name: ${refusal.message}`, errors: [refusal] }, { status: 400 }),
      ),
    );
    render(
      <MantineProvider>
        <Notifications />
        <QueryClientProvider client={createQueryClient()}>
          <ProfilePage />
        </QueryClientProvider>
      </MantineProvider>,
    );
    fireEvent.change(screen.getByLabelText(/^Name/), { target: { value: 'Jane D.' } });
    fireEvent.click(screen.getByRole('button', { name: 'Save' }));
    expect(await screen.findByText(refusal.message)).toBeTruthy();
    // A toast is shown before the mutation's callbacks run, so it would be on screen by now.
    expect(screen.getAllByText(refusal.message)).toHaveLength(1);
  });
});
