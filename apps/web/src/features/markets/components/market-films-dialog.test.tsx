import { ModalsProvider } from '@mantine/modals';
import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { dropFocusWhenDisabled } from '../../../test/drop-focus-when-disabled';
import { answerEveryRequest, renderAtPath } from '../../../test/page-harness';
import { MarketFilmsDialog } from './market-films-dialog';

const notifyError = vi.hoisted(() => vi.fn());
vi.mock('../../../lib/notify', () => ({ notifyError, notifySuccess: vi.fn() }));

afterEach(() => {
  notifyError.mockClear();
});

const market = { id: '6f1c1c1e-0000-4000-8000-00000000000a', name: 'Berlinale EFM' };
const listing = (n: number, title: string) => ({
  video_id: `6f1c1c1e-0000-4000-8000-00000000000${n}`,
  title,
  presenter: { name: 'Pat Presenter', email: 'pat@films.test' },
  listed_at: '2026-11-20T10:00:00.000Z',
  requests: 0,
});

/** The market's films; a DELETE, answered a moment later as a server does, takes a film out. */
function serveFilms(films: ReturnType<typeof listing>[]) {
  let listed = films;
  vi.stubGlobal(
    'fetch',
    vi.fn(async (url: string, init: RequestInit = {}) => {
      if (init.method !== 'DELETE') return Response.json({ results: listed });
      await new Promise((resolve) => setTimeout(resolve, 50));
      listed = listed.filter((f) => !url.endsWith(f.video_id));
      return Response.json({ ok: true });
    }),
  );
}

async function takeOut(title: string) {
  const button = await screen.findByRole('button', { name: `Take ${title} out of ${market.name}` });
  act(() => button.focus());
  fireEvent.click(button);
  const question = await screen.findByRole('dialog', { name: `Take “${title}” out of ${market.name}?` });
  fireEvent.click(within(question).getByRole('button', { name: 'Take out' }));
  await waitFor(() => expect(screen.queryByRole('dialog', { name: /Take “/ })).toBeNull());
  act(() => button.focus());
}

describe('MarketFilmsDialog', () => {
  it('gives focus to the next film’s Take out, then to the empty list, as films are taken out', async () => {
    serveFilms([listing(1, 'Night Train'), listing(2, 'Day Boat')]);
    const stopDropping = dropFocusWhenDisabled();
    renderAtPath(
      '/admin/markets',
      <ModalsProvider modalProps={{ transitionProps: { duration: 0 } }}>
        <MarketFilmsDialog market={market} timezone="Europe/Paris" onClose={() => {}} />
      </ModalsProvider>,
    );
    await takeOut('Night Train');
    await waitFor(() =>
      expect(document.activeElement).toBe(
        screen.getByRole('button', { name: `Take Day Boat out of ${market.name}` }),
      ),
    );
    await takeOut('Day Boat');
    await waitFor(() =>
      expect(document.activeElement).toBe(screen.getByText('No film is listed in this market yet.')),
    );
    stopDropping();
  });

  it('says the films could not be loaded, once, with Try again, instead of loading for good', async () => {
    answerEveryRequest(503, { message: 'Something went wrong' });
    renderAtPath(
      '/admin/markets',
      <MarketFilmsDialog market={market} timezone="Europe/Paris" onClose={() => {}} />,
    );
    expect(await screen.findByText('The films could not be loaded')).toBeTruthy();
    expect(notifyError).not.toHaveBeenCalled();
    answerEveryRequest(200, { results: [] });
    fireEvent.click(screen.getByRole('button', { name: 'Try again' }));
    expect(await screen.findByText('No film is listed in this market yet.')).toBeTruthy();
  });
});
