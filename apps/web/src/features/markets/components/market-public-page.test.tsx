import { MantineProvider } from '@mantine/core';
import { Notifications } from '@mantine/notifications';
import { MESSAGES } from '@screenroom/shared/messages';
import { QueryClientProvider } from '@tanstack/react-query';
import { fireEvent, render, screen } from '@testing-library/react';
import { MemoryRouter, Route, Routes } from 'react-router';
import { describe, expect, it, vi } from 'vitest';
import { createQueryClient } from '../../../lib/query-client';
import { MarketPublicPage } from './market-public-page';

const market = {
  market: { name: 'Berlin Film Market', code: 'BERLIN26', ends_at: null },
  films: [
    {
      video_id: '5b1f4c63-3f61-4bb8-9b0a-8f5d1c1c7a11',
      title: 'Night Train',
      description: 'A long night.',
      director: null,
      duration: null,
      thumbnail: null,
    },
  ],
};

/** The market page with a film's request form open; `requestAccess` answers the request if given. */
async function openRequestForm(requestAccess?: () => Response) {
  const requests: string[] = [];
  vi.stubGlobal(
    'fetch',
    vi.fn(async (url: string) => {
      requests.push(url);
      if (requestAccess && url.endsWith('/requestAccess')) return requestAccess();
      return new Response(JSON.stringify(market), {
        status: 200,
        headers: { 'content-type': 'application/json' },
      });
    }),
  );
  render(
    <MantineProvider>
      <Notifications />
      <QueryClientProvider client={createQueryClient()}>
        <MemoryRouter initialEntries={['/market/BERLIN26']}>
          <Routes>
            <Route path="/market/:code" element={<MarketPublicPage />} />
          </Routes>
        </MemoryRouter>
      </QueryClientProvider>
    </MantineProvider>,
  );
  fireEvent.click(await screen.findByRole('button', { name: 'Ask for a screener' }));
  await screen.findByLabelText('Your name');
  return requests;
}

const send = () => fireEvent.click(screen.getByRole('button', { name: 'Send me a link' }));

describe('MarketPublicPage request form', () => {
  it('says a blank e-mail is required, as the API does, not that it is invalid (spec section 5)', async () => {
    const requests = await openRequestForm();
    fireEvent.change(screen.getByLabelText('Your name'), { target: { value: 'Lea Programmer' } });
    send();
    expect(await screen.findByText(MESSAGES.required)).toBeTruthy();
    expect(screen.queryByText(MESSAGES.email)).toBeNull();
    expect(requests.some((url) => url.endsWith('/requestAccess'))).toBe(false);
  });

  it('says an address that is not one is an invalid email', async () => {
    await openRequestForm();
    fireEvent.change(screen.getByLabelText('Your name'), { target: { value: 'Lea Programmer' } });
    fireEvent.change(screen.getByLabelText('Your e-mail'), { target: { value: 'lea@festival' } });
    send();
    expect(await screen.findByText(MESSAGES.email)).toBeTruthy();
  });

  it('gives the API’s words to a name that is too long', async () => {
    await openRequestForm();
    fireEvent.change(screen.getByLabelText('Your name'), { target: { value: 'x'.repeat(101) } });
    fireEvent.change(screen.getByLabelText('Your e-mail'), { target: { value: 'lea@festival.org' } });
    send();
    expect(await screen.findByText(MESSAGES.maxLength(100))).toBeTruthy();
  });

  it('says a refused field once, under the field, with no toast saying it again', async () => {
    const refusal = { field: 'email', message: 'This address is not accepted' };
    await openRequestForm(() =>
      Response.json({ message: `email: ${refusal.message}`, errors: [refusal] }, { status: 400 }),
    );
    fireEvent.change(screen.getByLabelText('Your name'), { target: { value: 'Lea Programmer' } });
    fireEvent.change(screen.getByLabelText('Your e-mail'), { target: { value: 'lea@festival.org' } });
    send();
    expect(await screen.findByText(refusal.message)).toBeTruthy();
    // A toast is shown before the mutation's callbacks run, so it would be on screen by now.
    expect(screen.getAllByText(refusal.message)).toHaveLength(1);
  });
});
