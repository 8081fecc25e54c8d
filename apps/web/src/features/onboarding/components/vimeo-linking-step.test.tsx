import { MantineProvider } from '@mantine/core';
import { Notifications } from '@mantine/notifications';
import { QueryClientProvider } from '@tanstack/react-query';
import { cleanup, fireEvent, render, screen } from '@testing-library/react';
import { MemoryRouter } from 'react-router';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { createQueryClient } from '../../../lib/query-client';
import { VimeoLinkingStep } from './vimeo-linking-step';

vi.mock('../../auth/api/session', () => ({
  usePresenter: () => ({ id: 'p1', name: 'Jane Director', timezone: 'Europe/Paris', vimeo_linked: false }),
  useSetPresenter: () => () => {},
}));

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

describe('VimeoLinkingStep', () => {
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
          <MemoryRouter initialEntries={['/onboarding/vimeo-linking']}>
            <VimeoLinkingStep />
          </MemoryRouter>
        </QueryClientProvider>
      </MantineProvider>,
    );
    fireEvent.change(screen.getByLabelText('Personal access token'), { target: { value: 'abc123' } });
    fireEvent.click(screen.getByRole('button', { name: 'Link my Vimeo account' }));
    expect(await screen.findByText(refusal.message)).toBeTruthy();
    // A toast is shown before the mutation's callbacks run, so it would be on screen by now.
    expect(screen.getAllByText(refusal.message)).toHaveLength(1);
  });
});
