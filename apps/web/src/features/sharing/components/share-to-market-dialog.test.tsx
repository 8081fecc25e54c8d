import { MantineProvider } from '@mantine/core';
import type { Video } from '@screenroom/shared/schemas/videos';
import { QueryClientProvider } from '@tanstack/react-query';
import { cleanup, fireEvent, render, screen } from '@testing-library/react';
import { MemoryRouter, Outlet, Route, Routes } from 'react-router';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { notifyError } from '../../../lib/notify';
import { createQueryClient } from '../../../lib/query-client';
import { ShareToMarketDialog } from './share-to-market-dialog';

vi.mock('../../../lib/notify', () => ({ notifyError: vi.fn(), notifySuccess: vi.fn() }));

const video = { id: '5b1f4c63-3f61-4bb8-9b0a-8f5d1c1c7a11', title: 'Night Train' } as Video;

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
  vi.mocked(notifyError).mockClear();
});

function renderDialog() {
  vi.stubGlobal(
    'fetch',
    vi.fn(async (url: string) =>
      String(url).includes('verifyMarketCode')
        ? new Response(JSON.stringify({ statusCode: 404, message: 'Invalid Code' }), {
            status: 404,
            headers: { 'content-type': 'application/json' },
          })
        : new Response('{"results":[]}', { headers: { 'content-type': 'application/json' } }),
    ),
  );
  render(
    <MantineProvider>
      <QueryClientProvider client={createQueryClient()}>
        <MemoryRouter initialEntries={[`/screeners/${video.id}/dialog/share-to-market`]}>
          <Routes>
            <Route path="/screeners/:screenerId" element={<Outlet context={video} />}>
              <Route path="dialog/share-to-market" element={<ShareToMarketDialog />} />
            </Route>
          </Routes>
        </MemoryRouter>
      </QueryClientProvider>
    </MantineProvider>,
  );
}

describe('ShareToMarketDialog', () => {
  it('says a wrong market code once, under the field, without a toast repeating it', async () => {
    renderDialog();
    fireEvent.change(screen.getByLabelText('Market code'), { target: { value: 'BERLINALE26' } });
    fireEvent.click(screen.getByRole('button', { name: 'Verify' }));
    expect(await screen.findByText('Invalid Code')).toBeTruthy();
    expect(notifyError).not.toHaveBeenCalled();
  });
});
