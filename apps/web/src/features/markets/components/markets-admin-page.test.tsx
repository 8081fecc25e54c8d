import { MantineProvider } from '@mantine/core';
import { QueryClientProvider } from '@tanstack/react-query';
import { cleanup, fireEvent, render, screen } from '@testing-library/react';
import { MemoryRouter } from 'react-router';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { createQueryClient } from '../../../lib/query-client';
import { MarketsAdminPage } from './markets-admin-page';

const notifyError = vi.hoisted(() => vi.fn());
vi.mock('../../../lib/notify', () => ({ notifyError }));
vi.mock('../../auth/api/session', () => ({
  usePresenter: () => ({ id: 'p1', name: 'Jane Admin', timezone: 'Europe/Paris' }),
}));

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
  notifyError.mockClear();
});

function answer(status: number, body: unknown) {
  vi.stubGlobal(
    'fetch',
    vi.fn(
      async () =>
        new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } }),
    ),
  );
}

function renderPage() {
  const client = createQueryClient();
  client.setDefaultOptions({ queries: { ...client.getDefaultOptions().queries, retry: false } });
  render(
    <MantineProvider>
      <QueryClientProvider client={client}>
        <MemoryRouter initialEntries={['/markets']}>
          <MarketsAdminPage />
        </MemoryRouter>
      </QueryClientProvider>
    </MantineProvider>,
  );
}

describe('MarketsAdminPage', () => {
  it('says the markets could not be loaded, once, instead of a loader for ever, and asks again on Try again', async () => {
    answer(500, { code: 'INTERNAL', message: 'Something went wrong' });
    renderPage();
    expect(await screen.findByRole('heading', { name: 'The markets could not be loaded' })).toBeTruthy();
    expect(notifyError).not.toHaveBeenCalled();
    answer(200, { results: [] });
    fireEvent.click(screen.getByRole('button', { name: 'Try again' }));
    expect(await screen.findByText('No market yet.')).toBeTruthy();
  });

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
    renderPage();
    fireEvent.change(await screen.findByLabelText('Name'), { target: { value: 'Berlin Film Market' } });
    fireEvent.change(screen.getByLabelText('Code'), { target: { value: 'BERLIN26' } });
    fireEvent.click(screen.getByRole('button', { name: 'Create market' }));
    expect(await screen.findByText(refusal.message)).toBeTruthy();
    expect(notifyError).not.toHaveBeenCalled();
  });
});
