import { act, fireEvent, screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { dropFocusWhenDisabled } from '../../../test/drop-focus-when-disabled';
import { answerEveryRequest, renderAtPath } from '../../../test/page-harness';
import { PresentersPage } from './presenters-page';

const notifyError = vi.hoisted(() => vi.fn());
vi.mock('../../../lib/notify', () => ({ notifyError, notifySuccess: vi.fn() }));
vi.mock('../../auth/api/session', () => ({ usePresenter: () => ({ timezone: 'Europe/Paris' }) }));

afterEach(() => {
  notifyError.mockClear();
});

function renderPage() {
  renderAtPath('/presenters', <PresentersPage />);
}

describe('PresentersPage', () => {
  it('says the presenters could not be loaded, once, instead of skeleton rows for ever, and asks again on Try again', async () => {
    answerEveryRequest(500, { code: 'INTERNAL', message: 'Something went wrong' });
    renderPage();
    expect(await screen.findByRole('heading', { name: 'The presenters could not be loaded' })).toBeTruthy();
    expect(screen.queryByText('Loading…')).toBeNull();
    expect(notifyError).not.toHaveBeenCalled();
    answerEveryRequest(200, { results: [], page: 1, limit: 20, totalPages: 0, totalResults: 0 });
    fireEvent.click(screen.getByRole('button', { name: 'Try again' }));
    expect(await screen.findByText('No presenters yet')).toBeTruthy();
  });

  it('gives the focus back to the row’s Actions once its sign-in link has failed', async () => {
    const tara = {
      id: '6f1c1c1e-0000-4000-8000-000000000001',
      email: 'tara@films.test',
      name: 'Tara Target',
      rule_set: 'FREE',
      subscribed: false,
      granted: false,
      professional_requested_at: null,
      is_admin: false,
      is_onboarding_completed: true,
      films: 1,
      tracking_links: 0,
      created_at: '2026-11-20T10:00:00.000Z',
      last_login_at: null,
    };
    vi.stubGlobal(
      'fetch',
      vi.fn(async (url: string) => {
        if (!url.includes('sendLoginLink'))
          return Response.json({ results: [tara], page: 1, limit: 20, totalPages: 1, totalResults: 1 });
        // Refused a moment later, as a server does: the Actions button shows its loader meanwhile.
        await new Promise((resolve) => setTimeout(resolve, 50));
        return Response.json({ message: 'The mail server did not answer' }, { status: 503 });
      }),
    );
    renderPage();
    const actions = (await screen.findAllByRole('button', { name: 'Actions for tara@films.test' }))[0]!;
    const stopDropping = dropFocusWhenDisabled();
    act(() => actions.focus());
    fireEvent.click(actions);
    fireEvent.click(await screen.findByRole('menuitem', { name: 'E-mail a sign-in link' }));
    act(() => actions.focus());
    await waitFor(() => expect(actions.hasAttribute('disabled')).toBe(true));
    await waitFor(() => expect(notifyError).toHaveBeenCalled());
    await waitFor(() => expect(document.activeElement).toBe(actions));
    stopDropping();
  });
});
