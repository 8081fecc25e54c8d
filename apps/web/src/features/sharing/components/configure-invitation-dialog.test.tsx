import { MESSAGES } from '@screenroom/shared/messages';
import type { Video } from '@screenroom/shared/schemas/videos';
import { fireEvent, screen, waitFor } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { createQueryClient } from '../../../lib/query-client';
import { ConfigureInvitationDialog } from './configure-invitation-dialog';
import { renderFilmDialog } from './test-support/render-film-dialog';

vi.mock('../../auth/api/session', () => ({
  usePresenter: () => ({ id: 'p1', name: 'Jane Director', timezone: 'Europe/Paris' }),
}));

const video = { id: '5b1f4c63-3f61-4bb8-9b0a-8f5d1c1c7a11', title: 'Night Train' } as Video;

function renderDialog() {
  const fetch = vi.fn(async () => new Response('{}', { status: 500 }));
  vi.stubGlobal('fetch', fetch);
  renderFilmDialog(video, 'configure-invitation', <ConfigureInvitationDialog />);
  return fetch;
}

const submit = () => fireEvent.click(screen.getByRole('button', { name: 'Send invitations' }));

describe('ConfigureInvitationDialog', () => {
  it('says a message left blank is required, as the API does (spec section 5)', async () => {
    const fetch = renderDialog();
    fireEvent.change(screen.getByLabelText('Who'), { target: { value: 'lea@festival.org' } });
    fireEvent.change(screen.getByLabelText('Message'), { target: { value: '   ' } });
    submit();
    expect(await screen.findByText(MESSAGES.required)).toBeTruthy();
    expect(screen.queryByText(MESSAGES.accessLinkPlaceholderMissing)).toBeNull();
    expect(fetch).not.toHaveBeenCalled();
  });

  it('brings a field left wrong into view and focus, as Send sits below the fold of a long form', async () => {
    renderDialog();
    // The dialog first focuses its own close button, as a person would find it.
    await waitFor(() => expect(document.activeElement?.tagName).toBe('BUTTON'), { timeout: 5000 });
    submit();
    expect(await screen.findByText(MESSAGES.required)).toBeTruthy();
    expect(document.activeElement).toBe(screen.getByLabelText('Who'));
  });

  it('asks for the link placeholder in a message written without it', async () => {
    renderDialog();
    fireEvent.change(screen.getByLabelText('Who'), { target: { value: 'lea@festival.org' } });
    fireEvent.change(screen.getByLabelText('Message'), { target: { value: 'Hello, watch it soon.' } });
    submit();
    expect(await screen.findByText(MESSAGES.accessLinkPlaceholderMissing)).toBeTruthy();
  });

  it('gives the API’s words to a sender name that is too long', async () => {
    renderDialog();
    fireEvent.change(screen.getByLabelText('Who'), { target: { value: 'lea@festival.org' } });
    fireEvent.change(screen.getByLabelText(/^From/), { target: { value: 'x'.repeat(101) } });
    submit();
    expect(await screen.findByText(MESSAGES.maxLength(100))).toBeTruthy();
  });

  it('asks before Escape throws away the addresses typed', async () => {
    renderDialog();
    const dialog = screen.getByRole('dialog', { name: 'Invite by e-mail' });
    fireEvent.change(screen.getByLabelText('Who'), { target: { value: 'lea@festival.org' } });
    fireEvent.keyDown(dialog, { key: 'Escape' });
    expect(await screen.findByText('Discard this invitation?')).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Keep editing' }));
    expect((screen.getByLabelText('Who') as HTMLTextAreaElement).value).toBe('lea@festival.org');
  });

  it('previews the limits the mail tells each viewer, and nothing for a link without any', async () => {
    renderDialog();
    expect(screen.queryByTestId('mail-preview-limits')).toBeNull();
    fireEvent.change(screen.getByLabelText(/^Viewing limit/), { target: { value: '1' } });
    const limits = await screen.findByTestId('mail-preview-limits');
    expect([...limits.querySelectorAll('li')].map((li) => li.textContent)).toEqual(['for one viewing']);
    expect(limits.textContent).toContain(
      'This link works:for one viewingOpen it when you have time to watch the film. Reloading the page goes on with the same viewing; opening the link in another tab or on another device starts a new one.',
    );
  });

  it('says a refused field once, under the field, with no toast saying it again', async () => {
    const refusal = { field: 'subject', message: 'This subject is not accepted' };
    const fetch = vi.fn(
      async () =>
        new Response(JSON.stringify({ message: `subject: ${refusal.message}`, errors: [refusal] }), {
          status: 400,
        }),
    );
    vi.stubGlobal('fetch', fetch);
    renderFilmDialog(video, 'configure-invitation', <ConfigureInvitationDialog />, createQueryClient());
    fireEvent.change(screen.getByLabelText('Who'), { target: { value: 'lea@festival.org' } });
    submit();
    expect(await screen.findByText(refusal.message)).toBeTruthy();
    await waitFor(() => expect(fetch).toHaveBeenCalledTimes(1));
    // A toast is shown before the request's promise rejects, so it would be on screen by now.
    expect(screen.getAllByText(refusal.message)).toHaveLength(1);
  });

  it('toasts a refusal no field shows', async () => {
    const message = 'Your plan allows no more invitations this month.';
    vi.stubGlobal(
      'fetch',
      vi.fn(async () => new Response(JSON.stringify({ message, errors: [] }), { status: 409 })),
    );
    renderFilmDialog(video, 'configure-invitation', <ConfigureInvitationDialog />, createQueryClient());
    fireEvent.change(screen.getByLabelText('Who'), { target: { value: 'lea@festival.org' } });
    submit();
    expect(await screen.findByText(message)).toBeTruthy();
  });

  it('gives the focus the disabled Send button dropped to the field the API refused', async () => {
    const refusal = { field: 'subject', message: 'This subject is not accepted' };
    vi.stubGlobal(
      'fetch',
      vi.fn(async () =>
        Response.json({ message: `subject: ${refusal.message}`, errors: [refusal] }, { status: 400 }),
      ),
    );
    renderFilmDialog(video, 'configure-invitation', <ConfigureInvitationDialog />, createQueryClient());
    await waitFor(() => expect(document.activeElement?.tagName).toBe('BUTTON'), { timeout: 5000 });
    fireEvent.change(screen.getByLabelText('Who'), { target: { value: 'lea@festival.org' } });
    submit();
    // In a browser the button, disabled while it sends, drops its focus to the page.
    (document.activeElement as HTMLElement | null)?.blur();
    expect(await screen.findByText(refusal.message)).toBeTruthy();
    expect(document.activeElement).toBe(screen.getByLabelText(/^Subject/));
  });
});
