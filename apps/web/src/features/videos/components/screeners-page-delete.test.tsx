import { MantineProvider } from '@mantine/core';
import { ModalsProvider } from '@mantine/modals';
import type { Video } from '@screenroom/shared/schemas/videos';
import { QueryClientProvider } from '@tanstack/react-query';
import { act, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { MemoryRouter } from 'react-router';
import { describe, expect, it, vi } from 'vitest';
import { createQueryClient } from '../../../lib/query-client';
import { ScreenersPage } from './screeners-page';

const film = (id: string, title: string) =>
  ({
    id,
    title,
    type: 'upload',
    status: 'encryption-completed',
    duration: 60,
    thumbnail: null,
    tracking_links_count: 0,
    created_at: '2026-11-20T10:00:00.000Z',
  }) as unknown as Video;

/** A library of `films`; a DELETE takes the film out of it. */
function serveLibrary(films: Video[]) {
  let library = films;
  vi.stubGlobal(
    'fetch',
    vi.fn(async (url: string, init: RequestInit = {}) => {
      if (init.method === 'DELETE') {
        library = library.filter((f) => !url.endsWith(f.id));
        return Response.json({ ok: true });
      }
      if (url.endsWith('/videos')) return Response.json({ results: library });
      return Response.json({ results: [] });
    }),
  );
}

function renderLibrary() {
  render(
    <MantineProvider>
      <ModalsProvider modalProps={{ transitionProps: { duration: 0 } }}>
        <QueryClientProvider client={createQueryClient()}>
          <MemoryRouter initialEntries={['/screeners']}>
            <ScreenersPage />
          </MemoryRouter>
        </QueryClientProvider>
      </ModalsProvider>
    </MantineProvider>,
  );
}

/** Deletes a film from its card's menu; focus is on the card's Actions, as the menu gives it back. */
async function deleteFilm(title: string) {
  const actions = await screen.findByRole('button', { name: `Actions for ${title}` });
  fireEvent.click(actions);
  fireEvent.click(await screen.findByRole('menuitem', { name: 'Delete' }));
  fireEvent.click(await screen.findByRole('button', { name: 'Delete screener' }));
  await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
  act(() => actions.focus());
}

describe('deleting a film from the library', () => {
  it('gives focus to the next card’s Actions, then to the way to add a film once none is left', async () => {
    serveLibrary([film('a1', 'Night Train'), film('b2', 'Day Boat')]);
    renderLibrary();
    await deleteFilm('Night Train');
    await waitFor(() =>
      expect(document.activeElement).toBe(screen.getByRole('button', { name: 'Actions for Day Boat' })),
    );
    await deleteFilm('Day Boat');
    await waitFor(() =>
      expect(document.activeElement).toBe(screen.getByRole('link', { name: 'Add your first screener' })),
    );
  });
});
