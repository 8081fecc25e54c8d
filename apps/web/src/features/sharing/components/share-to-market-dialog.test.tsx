import type { Video } from '@screenroom/shared/schemas/videos';
import { fireEvent, screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { notifyError } from '../../../lib/notify';
import { createQueryClient } from '../../../lib/query-client';
import { ShareToMarketDialog } from './share-to-market-dialog';
import { renderFilmDialog } from './test-support/render-film-dialog';

vi.mock('../../../lib/notify', () => ({ notifyError: vi.fn(), notifySuccess: vi.fn() }));

const video = { id: '5b1f4c63-3f61-4bb8-9b0a-8f5d1c1c7a11', title: 'Night Train' } as Video;

afterEach(() => {
  vi.mocked(notifyError).mockClear();
});

function renderDialog() {
  vi.stubGlobal(
    'fetch',
    vi.fn(async (url: string) =>
      String(url).includes('verifyMarketCode')
        ? new Response(JSON.stringify({ statusCode: 404, message: 'Invalid Code' }), {
            status: 404,
            headers: { 'content-type': 'application/json' },
          })
        : new Response('{"results":[]}', { headers: { 'content-type': 'application/json' } }),
    ),
  );
  renderFilmDialog(video, 'share-to-market', <ShareToMarketDialog />, createQueryClient());
}

describe('ShareToMarketDialog', () => {
  it('says a wrong market code once, under the field, without a toast repeating it', async () => {
    renderDialog();
    fireEvent.change(screen.getByLabelText('Market code'), { target: { value: 'BERLINALE26' } });
    fireEvent.click(screen.getByRole('button', { name: 'Verify' }));
    expect(await screen.findByText('Invalid Code')).toBeTruthy();
    expect(notifyError).not.toHaveBeenCalled();
  });

  it('says once, in the dialog, that the markets the film is listed in could not be loaded', async () => {
    vi.stubGlobal(
      'fetch',
      vi.fn(async () => Response.json({ message: 'Something went wrong' }, { status: 500 })),
    );
    renderFilmDialog(video, 'share-to-market', <ShareToMarketDialog />, withoutRetries());
    expect(await screen.findByText('The markets this film is listed in could not be loaded')).toBeTruthy();
    expect(notifyError).not.toHaveBeenCalled();
  });
});

function withoutRetries() {
  const client = createQueryClient();
  client.setDefaultOptions({ queries: { ...client.getDefaultOptions().queries, retry: false } });
  return client;
}
