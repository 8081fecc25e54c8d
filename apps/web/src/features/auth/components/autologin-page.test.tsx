import { MantineProvider } from '@mantine/core';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { fireEvent, render, screen } from '@testing-library/react';
import { MemoryRouter, Route, Routes } from 'react-router';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { getToken, setToken } from '../../../lib/auth-token';
import { AutologinPage } from './autologin-page';

const presenter = {
  id: '7d0c4c63-3f61-4bb8-9b0a-8f5d1c1c7a11',
  name: 'Mallory',
  email: 'mallory@elsewhere.test',
};
const signIn = {
  tokens: { access: { token: 'mallorys-token', expires: '2099-01-01T00:00:00Z' } },
  presenter,
};

afterEach(() => {
  setToken(null);
});

function serve() {
  const calls: { url: string; method: string; authorization: string | undefined }[] = [];
  vi.stubGlobal(
    'fetch',
    vi.fn(async (url: string, init: RequestInit) => {
      const headers = (init.headers ?? {}) as Record<string, string>;
      calls.push({ url, method: init.method ?? 'GET', authorization: headers.authorization });
      const body = url.endsWith('/presenters/verifyLoginCode')
        ? signIn
        : url.endsWith('/auth/getAuthPresenter')
          ? { presenter }
          : { ok: true };
      return new Response(JSON.stringify(body), {
        status: 200,
        headers: { 'content-type': 'application/json' },
      });
    }),
  );
  return calls;
}

function renderPage() {
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  return render(
    <MantineProvider>
      <QueryClientProvider client={client}>
        <MemoryRouter initialEntries={['/autologin?code=a-code-mallory-mailed-herself']}>
          <Routes>
            <Route path="/autologin" element={<AutologinPage />} />
            <Route path="/" element={<p>Home</p>} />
          </Routes>
        </MemoryRouter>
      </QueryClientProvider>
    </MantineProvider>,
  );
}

describe('the sign-in link page', () => {
  it('keeps the sign-in only once the person confirms the account it names', async () => {
    const calls = serve();
    renderPage();
    expect(await screen.findByText('Sign in as mallory@elsewhere.test?')).toBeTruthy();
    expect(screen.getByText('mallory@elsewhere.test')).toBeTruthy();
    // Opened from someone else's page: nothing is signed in yet.
    expect(getToken()).toBeNull();
    expect(calls.map((c) => c.url)).toEqual(['/v1/presenters/verifyLoginCode']);

    fireEvent.click(screen.getByRole('button', { name: 'Continue as mallory@elsewhere.test' }));
    expect(await screen.findByText('Home')).toBeTruthy();
    expect(getToken()).toBe('mallorys-token');
  });

  it('revokes the sign-in of a link to another account, and keeps nothing', async () => {
    const calls = serve();
    renderPage();
    fireEvent.click(await screen.findByRole('button', { name: 'This is not my account' }));
    expect(await screen.findByText('You are not signed in')).toBeTruthy();
    expect(getToken()).toBeNull();
    expect(calls).toContainEqual({
      url: '/v1/auth/logout',
      method: 'POST',
      authorization: 'Bearer mallorys-token',
    });
  });
});
