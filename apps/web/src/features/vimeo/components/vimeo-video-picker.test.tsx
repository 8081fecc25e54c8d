import { MantineProvider } from '@mantine/core';
import { MESSAGES } from '@screenroom/shared/messages';
import type { VimeoVideo } from '@screenroom/shared/schemas/vimeo';
import { QueryClientProvider } from '@tanstack/react-query';
import { act, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { createQueryClient } from '../../../lib/query-client';
import { VimeoVideoPicker } from './vimeo-video-picker';

const notifyError = vi.hoisted(() => vi.fn());
vi.mock('../../../lib/notify', () => ({ notifyError }));

const film = (id: string, name: string, extra: Partial<VimeoVideo> = {}): VimeoVideo => ({
  vimeo_id: id,
  name,
  description: `${name} description`,
  duration: 5580,
  thumbnail: null,
  link: `https://vimeo.com/${id}`,
  privacy: 'disable',
  importable: true,
  ...extra,
});

const FILMS = [
  film('1', 'The Long Night'),
  film('2', 'Rough Cut v3', {
    privacy: 'password',
    importable: false,
    reason: MESSAGES.passwordProtectedVideo,
  }),
  film('3', 'Salt and Ash', { duration: 142 }),
];

let calls: Array<{ page: number; perPage: number; query?: string }>;

beforeEach(() => {
  calls = [];
  vi.stubGlobal(
    'fetch',
    vi.fn(async (_url: string, init: RequestInit) => {
      const body = JSON.parse(String(init.body)) as { page: number; perPage: number; query?: string };
      calls.push(body);
      const matching = FILMS.filter(
        (f) => !body.query || f.name.toLowerCase().includes(body.query.toLowerCase()),
      );
      const results = matching.slice((body.page - 1) * body.perPage, body.page * body.perPage);
      return new Response(
        JSON.stringify({
          results,
          page: body.page,
          limit: body.perPage,
          totalPages: Math.max(1, Math.ceil(matching.length / body.perPage)),
          totalResults: matching.length,
        }),
        { status: 200, headers: { 'content-type': 'application/json' } },
      );
    }),
  );
});
afterEach(() => {
  vi.useRealTimers();
});

function renderPicker(onPick = vi.fn()) {
  render(
    <MantineProvider>
      <QueryClientProvider client={createQueryClient()}>
        <VimeoVideoPicker onPick={onPick} perPage={2} pickLabel="Import" />
      </QueryClientProvider>
    </MantineProvider>,
  );
  return onPick;
}

describe('VimeoVideoPicker', () => {
  it('lists films with durations, and refuses the password-protected one with the advice', async () => {
    const onPick = renderPicker();
    const long = await screen.findByTestId('vimeo-video-1');
    expect(within(long).getByText('1:33:00')).toBeTruthy();
    expect(within(long).getByText('Hidden')).toBeTruthy();
    const locked = screen.getByTestId('vimeo-video-2');
    expect(within(locked).getByText(MESSAGES.passwordProtectedVideo)).toBeTruthy();
    const lockedButton = within(locked).getByRole('button', {
      name: 'Import: Rough Cut v3',
    }) as HTMLButtonElement;
    expect(lockedButton.disabled).toBe(true);
    fireEvent.click(lockedButton);
    expect(onPick).not.toHaveBeenCalled();

    fireEvent.click(within(long).getByRole('button', { name: 'Import: The Long Night' }));
    expect(onPick).toHaveBeenCalledWith(expect.objectContaining({ vimeo_id: '1', name: 'The Long Night' }));
    expect(screen.getByTestId('vimeo-video-count').textContent).toBe('3 films');
  });

  it('pages, and a search starts again from its first page', async () => {
    renderPicker();
    await screen.findByTestId('vimeo-video-1');
    fireEvent.click(screen.getByRole('button', { name: 'next page' }));
    await screen.findByTestId('vimeo-video-3');
    expect(calls.at(-1)).toMatchObject({ page: 2, perPage: 2 });

    fireEvent.change(screen.getByRole('textbox', { name: 'Search your Vimeo films' }), {
      target: { value: ' salt ' },
    });
    await waitFor(() => expect(calls.at(-1)).toEqual({ page: 1, perPage: 2, query: 'salt' }), {
      timeout: 2000,
    });
    await waitFor(() => expect(screen.queryByTestId('vimeo-video-1')).toBeNull());
    expect(screen.getByTestId('vimeo-video-3')).toBeTruthy();
    expect(screen.getByTestId('vimeo-video-count').textContent).toBe('1 film matching “salt”');
  });

  it('says when nothing matches', async () => {
    renderPicker();
    await screen.findByTestId('vimeo-video-1');
    await act(async () => {
      fireEvent.change(screen.getByRole('textbox', { name: 'Search your Vimeo films' }), {
        target: { value: 'zebra' },
      });
    });
    expect(await screen.findByText('No films match “zebra”', {}, { timeout: 2000 })).toBeTruthy();
  });

  it('says once, in the words every failed load uses, that the films could not be loaded', async () => {
    vi.stubGlobal(
      'fetch',
      vi.fn(async () => Response.json({ message: 'Something went wrong' }, { status: 502 })),
    );
    renderPicker();
    // The app's client asks twice more (1 s, then 2 s) before the list counts as failed.
    expect(
      await screen.findByText('Your Vimeo films could not be loaded', {}, { timeout: 6000 }),
    ).toBeTruthy();
    expect(screen.getByText(/Something went wrong on Screenroom’s side/)).toBeTruthy();
    expect(notifyError).not.toHaveBeenCalled();
  });
});
