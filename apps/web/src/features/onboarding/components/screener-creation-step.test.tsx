import { MantineProvider } from '@mantine/core';
import { QueryClientProvider } from '@tanstack/react-query';
import { cleanup, fireEvent, render, screen } from '@testing-library/react';
import type { ReactNode } from 'react';
import { MemoryRouter } from 'react-router';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { createQueryClient } from '../../../lib/query-client';
import { ScreenerCreationStep } from './screener-creation-step';

const notifyError = vi.hoisted(() => vi.fn());
vi.mock('../../../lib/notify', () => ({ notifyError }));
vi.mock('../../auth/api/session', () => ({
  usePresenter: () => ({ name: 'Pat', timezone: 'Europe/Paris' }),
  useSetPresenter: () => () => {},
}));
vi.mock('./onboarding-step', () => ({
  OnboardingStep: ({ children }: { children: ReactNode }) => <div>{children}</div>,
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
        <MemoryRouter initialEntries={['/onboarding/screener-creation']}>
          <ScreenerCreationStep />
        </MemoryRouter>
      </QueryClientProvider>
    </MantineProvider>,
  );
}

describe('ScreenerCreationStep', () => {
  it('says the films could not be loaded, once, instead of "no film yet", and asks again on Try again', async () => {
    answer(500, { code: 'INTERNAL', message: 'Something went wrong' });
    renderPage();
    expect(await screen.findByRole('heading', { name: 'Your films could not be loaded' })).toBeTruthy();
    expect(screen.queryByText(/There is no film to share yet/)).toBeNull();
    expect(notifyError).not.toHaveBeenCalled();
    answer(200, { results: [] });
    fireEvent.click(screen.getByRole('button', { name: 'Try again' }));
    expect(await screen.findByText(/There is no film to share yet/)).toBeTruthy();
  });
});
