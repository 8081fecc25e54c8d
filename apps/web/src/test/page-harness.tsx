import { MantineProvider } from '@mantine/core';
import { Notifications } from '@mantine/notifications';
import type { Video } from '@screenroom/shared/schemas/videos';
import { QueryClientProvider } from '@tanstack/react-query';
import { render, screen } from '@testing-library/react';
import type { ReactNode } from 'react';
import { MemoryRouter, Outlet, Route, Routes } from 'react-router';
import { expect, vi } from 'vitest';
import { createQueryClient } from '../lib/query-client';

export type Answer = { status: number; body: unknown } | 'no answer';

/**
 * Every request from now on is answered as `answer` says for its address: a status with a JSON body, or
 * no answer at all (the network failed: fetch rejects).
 */
export function answerRequests(answer: (url: string) => Answer) {
  vi.stubGlobal(
    'fetch',
    vi.fn(async (url: string) => {
      const a = answer(url);
      if (a === 'no answer') throw new TypeError('Failed to fetch');
      return new Response(JSON.stringify(a.body), {
        status: a.status,
        headers: { 'content-type': 'application/json' },
      });
    }),
  );
}

/** Every request from now on is answered `status` with `body` as JSON. */
export function answerEveryRequest(status: number, body: unknown) {
  answerRequests(() => ({ status, body }));
}

/**
 * A page at `path` with the app's own query client, without retries: a failed load shows at once.
 * `toasts`: with the app's toasts on screen, to see whether a refusal is also said in one.
 */
export function renderAtPath(path: string, page: ReactNode, { toasts = false } = {}) {
  const client = createQueryClient();
  client.setDefaultOptions({ queries: { ...client.getDefaultOptions().queries, retry: false } });
  render(
    <MantineProvider>
      {toasts && <Notifications />}
      <QueryClientProvider client={client}>
        <MemoryRouter initialEntries={[path]}>{page}</MemoryRouter>
      </QueryClientProvider>
    </MantineProvider>,
  );
  return client;
}

export type FieldRefusal = { field: string; message: string };

/**
 * Every request from now on is refused as the API refuses one field (400, its message, the field it is
 * about), but those `answer` answers otherwise.
 */
export function refuseEveryRequest(refusal: FieldRefusal, answer?: (url: string) => Answer | undefined) {
  const refused = {
    status: 400,
    body: { message: `${refusal.field}: ${refusal.message}`, errors: [refusal] },
  };
  answerRequests((url) => answer?.(url) ?? refused);
}

/**
 * The refusal is said once (under its field), with no toast saying it again. A toast is shown before the
 * request's promise rejects and the form's own callbacks run, so it would be on screen by then.
 */
export async function expectSaidOnce(message: string) {
  expect(await screen.findByText(message)).toBeTruthy();
  expect(screen.getAllByText(message)).toHaveLength(1);
}

/** The film the film page hands its tabs (through its outlet's context). */
export const filmOfTheTab = { id: '5b1f4c63-3f61-4bb8-9b0a-8f5d1c1c7a11', title: 'Night Train' } as Video;

/** One tab of the film page (`/screeners/:id/<tab>`), given `filmOfTheTab` as the film page gives it. */
export function renderFilmTab(tab: string, page: ReactNode) {
  return renderAtPath(
    `/screeners/${filmOfTheTab.id}/${tab}`,
    <Routes>
      <Route path="/screeners/:screenerId" element={<Outlet context={filmOfTheTab} />}>
        <Route path={tab} element={page} />
      </Route>
    </Routes>,
  );
}
