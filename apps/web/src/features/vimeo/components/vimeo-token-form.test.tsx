import { MantineProvider } from '@mantine/core';
import { Notifications } from '@mantine/notifications';
import { QueryClientProvider } from '@tanstack/react-query';
import { cleanup, fireEvent, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { createQueryClient } from '../../../lib/query-client';
import { VimeoTokenForm } from './vimeo-token-form';

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

describe('VimeoTokenForm', () => {
  it('says a refused token once, under the field, with no toast saying it again', async () => {
    const refusal = { field: 'accessToken', message: 'Vimeo does not accept this token' };
    vi.stubGlobal(
      'fetch',
      vi.fn(async () =>
        Response.json({ message: `accessToken: ${refusal.message}`, errors: [refusal] }, { status: 400 }),
      ),
    );
    render(
      <MantineProvider>
        <Notifications />
        <QueryClientProvider client={createQueryClient()}>
          <VimeoTokenForm />
        </QueryClientProvider>
      </MantineProvider>,
    );
    fireEvent.change(screen.getByLabelText('Personal access token'), { target: { value: 'abc123' } });
    fireEvent.click(screen.getByRole('button', { name: 'Link with this token' }));
    expect(await screen.findByText(refusal.message)).toBeTruthy();
    // A toast is shown before the mutation's callbacks run, so it would be on screen by now.
    expect(screen.getAllByText(refusal.message)).toHaveLength(1);
  });
});
