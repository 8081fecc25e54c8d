import { MantineProvider } from '@mantine/core';
import { Notifications } from '@mantine/notifications';
import { QueryClientProvider } from '@tanstack/react-query';
import { cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { MemoryRouter } from 'react-router';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { createQueryClient } from '../../../lib/query-client';
import { LoginPage } from './login-page';

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

const refusal = { field: 'email', message: 'This address cannot sign in' };

async function renderRefusingLogin() {
  vi.stubGlobal(
    'fetch',
    vi.fn(async (url: string) =>
      !url.endsWith('/app-config')
        ? Response.json({ message: `email: ${refusal.message}`, errors: [refusal] }, { status: 400 })
        : Response.json({}),
    ),
  );
  render(
    <MantineProvider>
      <Notifications />
      <QueryClientProvider client={createQueryClient()}>
        <MemoryRouter>
          <LoginPage />
        </MemoryRouter>
      </QueryClientProvider>
    </MantineProvider>,
  );
  fireEvent.change(screen.getByLabelText('E-mail'), { target: { value: 'jane@example.org' } });
  // The buttons wait for the server's settings (is there a captcha?).
  const send = screen.getByRole('button', { name: 'Send me a code' });
  await waitFor(() => expect(send.hasAttribute('disabled')).toBe(false));
}

describe('LoginPage', () => {
  it('says a refused address once, under the field, with no toast saying it again', async () => {
    await renderRefusingLogin();
    fireEvent.click(screen.getByRole('button', { name: 'Send me a code' }));
    expect(await screen.findByText(refusal.message)).toBeTruthy();
    // A toast is shown before the mutation's callbacks run, so it would be on screen by now.
    expect(screen.getAllByText(refusal.message)).toHaveLength(1);
  });

  it('says it once when the sign-in link is refused too', async () => {
    await renderRefusingLogin();
    fireEvent.click(screen.getByRole('button', { name: 'E-mail me a sign-in link instead' }));
    expect(await screen.findByText(refusal.message)).toBeTruthy();
    expect(screen.getAllByText(refusal.message)).toHaveLength(1);
  });
});
