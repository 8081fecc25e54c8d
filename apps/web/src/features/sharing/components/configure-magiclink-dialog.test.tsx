import { MESSAGES } from '@screenroom/shared/messages';
import type { AnonymousLink } from '@screenroom/shared/schemas/anonymous-links';
import type { Video } from '@screenroom/shared/schemas/videos';
import { fireEvent, screen, waitFor } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { createQueryClient } from '../../../lib/query-client';
import { ConfigureMagicLinkDialog } from './configure-magiclink-dialog';
import { renderFilmDialog } from './test-support/render-film-dialog';

vi.mock('../../auth/api/session', () => ({
  usePresenter: () => ({ id: 'p1', name: 'Jane Director', timezone: 'Europe/Paris' }),
}));

const video = { id: '5b1f4c63-3f61-4bb8-9b0a-8f5d1c1c7a11', title: 'Night Train' } as Video;
const magicLink: AnonymousLink = {
  id: '6f1c1c1e-0000-4000-8000-000000000004',
  video_id: video.id,
  code: 'abcdef',
  url: 'http://localhost/watch/a/abcdef',
  usage_limit: 5,
  ends_at: null,
  status: 'active',
  viewers: 0,
  created_at: '2026-11-25T09:00:00.000Z',
};

function renderDialog(link: AnonymousLink | null = magicLink) {
  const fetch = vi.fn(async (_url: string | URL | Request) => Response.json({ magicLink: link }));
  vi.stubGlobal('fetch', fetch);
  renderFilmDialog(video, 'configure-magiclink', <ConfigureMagicLinkDialog />);
  return fetch;
}

const updates = (fetch: ReturnType<typeof renderDialog>) =>
  fetch.mock.calls.filter(([url]) => String(url).includes('updateMagicLink'));

describe('ConfigureMagicLinkDialog', () => {
  it('offers to save limits only once one has changed', async () => {
    const fetch = renderDialog();
    const save = await screen.findByRole('button', { name: 'Save limits' });
    expect(save.getAttribute('aria-disabled')).toBe('true');
    fireEvent.click(save);
    expect(updates(fetch)).toHaveLength(0);

    fireEvent.change(screen.getByLabelText('People'), { target: { value: '7' } });
    expect(save.getAttribute('aria-disabled')).toBe('false');
    fireEvent.click(save);
    await waitFor(() => expect(updates(fetch)).toHaveLength(1));
    // Saved: nothing left to save until the next change.
    await waitFor(() => expect(save.getAttribute('aria-disabled')).toBe('true'));
  });

  it('starts on the link’s Copy button, not on the close button', async () => {
    renderDialog();
    const copy = await screen.findByRole('button', { name: 'Copy' });
    await waitFor(() => expect(document.activeElement).toBe(copy), { timeout: 5000 });
  });

  it('starts on its first field when there is no link yet', async () => {
    renderDialog(null);
    const people = await screen.findByLabelText('People');
    await waitFor(() => expect(document.activeElement).toBe(people), { timeout: 5000 });
  });

  it('says limits refused by the API once, under the field, with no toast saying it again', async () => {
    const refusal = { field: 'usage_limit', message: 'This limit is not accepted' };
    vi.stubGlobal(
      'fetch',
      vi.fn(async (url: string | URL | Request) =>
        String(url).includes('updateMagicLink')
          ? Response.json({ message: `usage_limit: ${refusal.message}`, errors: [refusal] }, { status: 400 })
          : Response.json({ magicLink }),
      ),
    );
    renderFilmDialog(video, 'configure-magiclink', <ConfigureMagicLinkDialog />, createQueryClient());
    fireEvent.change(await screen.findByLabelText('People'), { target: { value: '7' } });
    fireEvent.click(screen.getByRole('button', { name: 'Save limits' }));
    expect(await screen.findByText(refusal.message)).toBeTruthy();
    // A toast is shown before the request's promise rejects, so it would be on screen by now.
    expect(screen.getAllByText(refusal.message)).toHaveLength(1);
  });

  it('says the link could not be loaded, with Try again, not that it was disabled, when the request fails', async () => {
    vi.stubGlobal(
      'fetch',
      vi.fn(async () => {
        throw new TypeError('Failed to fetch');
      }),
    );
    renderFilmDialog(video, 'configure-magiclink', <ConfigureMagicLinkDialog />);
    expect(await screen.findByText('The anonymous link could not be loaded')).toBeTruthy();
    expect(screen.getByText(/Check your connection/)).toBeTruthy();
    expect(screen.queryByTestId('magic-link-disabled')).toBeNull();
  });

  /** Disables the link as a keyboard user does; the Disable button drops its focus as in Chromium. */
  async function disableWithKeyboard(answer: () => Response) {
    let release = () => {};
    vi.stubGlobal(
      'fetch',
      vi.fn(async (url: string | URL | Request) => {
        if (!String(url).includes('disableLink')) return Response.json({ magicLink });
        await new Promise<void>((resolve) => {
          release = resolve;
        });
        return answer();
      }),
    );
    renderFilmDialog(video, 'configure-magiclink', <ConfigureMagicLinkDialog />, createQueryClient());
    const disable = await screen.findByRole('button', { name: 'Disable' });
    disable.focus();
    fireEvent.click(disable);
    fireEvent.click(await screen.findByRole('button', { name: 'Disable for good' }));
    await waitFor(() => expect(disable.hasAttribute('disabled')).toBe(true));
    disable.blur();
    release();
    return disable;
  }

  it('gives focus to the ways left to share once the link is disabled', async () => {
    await disableWithKeyboard(() => Response.json({ magicLink: { ...magicLink, status: 'disabled' } }));
    const invite = await screen.findByRole('button', { name: 'Invite by e-mail' });
    await waitFor(() => expect(document.activeElement).toBe(invite));
  });

  it('says a failed disable once and gives focus back to Disable', async () => {
    const disable = await disableWithKeyboard(() => Response.json({ message: 'boom' }, { status: 500 }));
    expect(await screen.findByText(MESSAGES.disableLinkFailed)).toBeTruthy();
    await waitFor(() => expect(document.activeElement).toBe(disable));
    expect(screen.getAllByText(MESSAGES.disableLinkFailed)).toHaveLength(1);
  });
});
