import { MantineProvider } from '@mantine/core';
import { Notifications } from '@mantine/notifications';
import { QueryClientProvider } from '@tanstack/react-query';
import { cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { MemoryRouter } from 'react-router';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { createQueryClient } from '../../../lib/query-client';
import { RegisterPage } from './register-page';

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

const refusal = { field: 'email', message: 'This address already has an account' };

async function renderRefusingRegistration() {
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
          <RegisterPage />
        </MemoryRouter>
      </QueryClientProvider>
    </MantineProvider>,
  );
  fireEvent.change(screen.getByLabelText('E-mail'), { target: { value: 'jane@example.org' } });
  // The buttons wait for the server's settings (is there a captcha?).
  const send = screen.getByRole('button', { name: 'Create account' });
  await waitFor(() => expect(send.hasAttribute('disabled')).toBe(false));
}

describe('RegisterPage', () => {
  it('says a refused address once, under the field, with no toast saying it again', async () => {
    await renderRefusingRegistration();
    fireEvent.change(screen.getByLabelText('Your name'), { target: { value: 'Jane Director' } });
    fireEvent.click(screen.getByRole('checkbox'));
    fireEvent.click(screen.getByRole('button', { name: 'Create account' }));
    expect(await screen.findByText(refusal.message)).toBeTruthy();
    // A toast is shown before the request's promise rejects, so it would be on screen by now.
    expect(screen.getAllByText(refusal.message)).toHaveLength(1);
  });
});
