import { MantineProvider } from '@mantine/core';
import { Notifications } from '@mantine/notifications';
import { QueryClientProvider } from '@tanstack/react-query';
import { cleanup, fireEvent, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { createQueryClient } from '../../../lib/query-client';
import { MarketsAdminPage } from './markets-admin-page';

vi.mock('../../auth/api/session', () => ({
  usePresenter: () => ({ id: 'p1', name: 'Jane Admin', timezone: 'Europe/Paris' }),
}));

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

describe('MarketsAdminPage', () => {
  it('says a refused code once, under the field, with no toast saying it again', async () => {
    const refusal = { field: 'code', message: 'This code is already used by another market' };
    vi.stubGlobal(
      'fetch',
      vi.fn(async (_url: string, init?: RequestInit) =>
        init?.method === 'POST'
          ? Response.json({ message: `code: ${refusal.message}`, errors: [refusal] }, { status: 409 })
          : Response.json({ results: [] }),
      ),
    );
    render(
      <MantineProvider>
        <Notifications />
        <QueryClientProvider client={createQueryClient()}>
          <MarketsAdminPage />
        </QueryClientProvider>
      </MantineProvider>,
    );
    fireEvent.change(await screen.findByLabelText('Name'), { target: { value: 'Berlin Film Market' } });
    fireEvent.change(screen.getByLabelText('Code'), { target: { value: 'BERLIN26' } });
    fireEvent.click(screen.getByRole('button', { name: 'Create market' }));
    expect(await screen.findByText(refusal.message)).toBeTruthy();
    // A toast is shown before the request's promise rejects, so it would be on screen by now.
    expect(screen.getAllByText(refusal.message)).toHaveLength(1);
  });
});
