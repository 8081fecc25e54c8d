import { ModalsProvider } from '@mantine/modals';
import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { dropFocusWhenDisabled } from '../../../test/drop-focus-when-disabled';
import { answerEveryRequest, renderAtPath } from '../../../test/page-harness';
import { VimeoConfigurationsPage } from './vimeo-configurations-page';

const notifyError = vi.hoisted(() => vi.fn());
vi.mock('../../../lib/notify', () => ({ notifyError, notifySuccess: vi.fn() }));
vi.mock('../../auth/api/session', () => ({
  usePresenter: () => ({ id: 'p1', name: 'Pat', timezone: 'Europe/Paris' }),
  useSetPresenter: () => () => {},
}));

afterEach(() => {
  notifyError.mockClear();
});

const linked = { linked: true, oauthEnabled: false, account: null, problem: null };

describe('VimeoConfigurationsPage', () => {
  it('says once, in the plain words, that the Vimeo settings could not be loaded', async () => {
    answerEveryRequest(502, { message: 'Bad Gateway' });
    renderAtPath('/settings/vimeo-configurations', <VimeoConfigurationsPage />);
    expect(await screen.findByText('Vimeo settings could not be loaded')).toBeTruthy();
    expect(screen.getByText(/Something went wrong on Screenroom’s side/)).toBeTruthy();
    expect(screen.queryByText('Bad Gateway')).toBeNull();
    expect(notifyError).not.toHaveBeenCalled();
  });

  it('gives the focus back to Revoke access when the revocation fails', async () => {
    vi.stubGlobal(
      'fetch',
      vi.fn(async (url: string) => {
        if (url.includes('/vimeo/status')) return Response.json(linked);
        if (!url.includes('revokeAccess'))
          return Response.json({ message: 'Not in this test' }, { status: 404 });
        // Refused a moment later, as a server does: the button shows its loader meanwhile.
        await new Promise((resolve) => setTimeout(resolve, 50));
        return Response.json({ message: 'Vimeo did not answer' }, { status: 503 });
      }),
    );
    renderAtPath(
      '/vimeo-configurations',
      <ModalsProvider modalProps={{ transitionProps: { duration: 0 } }}>
        <VimeoConfigurationsPage />
      </ModalsProvider>,
    );
    const revoke = await screen.findByRole('button', { name: 'Revoke access' });
    const stopDropping = dropFocusWhenDisabled();
    act(() => revoke.focus());
    fireEvent.click(revoke);
    // The question's own Revoke access, the second button of that name.
    const question = await screen.findByRole('dialog');
    fireEvent.click(within(question).getByRole('button', { name: 'Revoke access' }));
    await waitFor(() => expect(revoke.hasAttribute('disabled')).toBe(true));
    await waitFor(() => expect(notifyError).toHaveBeenCalledWith('Vimeo did not answer', false));
    await waitFor(() => expect(document.activeElement).toBe(revoke));
    stopDropping();
  });
});
