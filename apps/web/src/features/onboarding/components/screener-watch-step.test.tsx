import { act, fireEvent, screen, waitFor } from '@testing-library/react';
import type { ReactNode } from 'react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { dropFocusWhenDisabled } from '../../../test/drop-focus-when-disabled';
import { answerEveryRequest, answerRequests, renderAtPath } from '../../../test/page-harness';
import { ScreenerWatchStep } from './screener-watch-step';

const notifyError = vi.hoisted(() => vi.fn());
vi.mock('../../../lib/notify', () => ({ notifyError }));
vi.mock('./onboarding-step', () => ({
  OnboardingStep: ({ children }: { children: ReactNode }) => <div>{children}</div>,
}));

afterEach(() => {
  notifyError.mockClear();
});

const film = { id: 'f1', type: 'sample', title: 'Night Train', status: 'READY', playable: true };
const serverDown = { status: 503, body: { code: 'INTERNAL', message: 'Something went wrong' } };

function renderPage() {
  renderAtPath('/onboarding/screener-watch?video=f1', <ScreenerWatchStep />);
}

describe('ScreenerWatchStep', () => {
  it('says the link could not be loaded, once, instead of "No link found" when the films fail', async () => {
    answerEveryRequest(serverDown.status, serverDown.body);
    renderPage();
    expect(await screen.findByRole('heading', { name: 'Your link could not be loaded' })).toBeTruthy();
    expect(screen.getByText(/Something went wrong on Screenroom’s side/)).toBeTruthy();
    expect(screen.queryByText('No link found')).toBeNull();
    expect(notifyError).not.toHaveBeenCalled();
  });

  it('says so when the film loads but its links get no answer, and Try again asks again', async () => {
    answerRequests((url) =>
      url.endsWith('/screeners') ? 'no answer' : { status: 200, body: { results: [film] } },
    );
    renderPage();
    expect(await screen.findByRole('heading', { name: 'Your link could not be loaded' })).toBeTruthy();
    expect(screen.getByText(/Check your connection/)).toBeTruthy();
    expect(screen.queryByText('No link found')).toBeNull();
    expect(notifyError).not.toHaveBeenCalled();
    answerRequests((url) => ({ status: 200, body: { results: url.endsWith('/screeners') ? [] : [film] } }));
    fireEvent.click(screen.getByRole('button', { name: 'Try again' }));
    expect(await screen.findByText('No link found')).toBeTruthy();
  });

  it('gives the focus back to "Preview without counting" when the preview fails', async () => {
    const link = {
      id: 'l1',
      video_id: film.id,
      viewer_name: 'Lea',
      viewer_email: null,
      access_url: 'http://localhost/watch/abc',
      created_at: '2026-11-25T09:00:00.000Z',
    };
    const tab = { close: vi.fn(), location: { href: '' } };
    vi.stubGlobal(
      'open',
      vi.fn(() => tab),
    );
    answerRequests((url) =>
      url.endsWith('/getPreviewAccessUrl')
        ? serverDown
        : { status: 200, body: { results: url.endsWith('/screeners') ? [link] : [film] } },
    );
    // Answered a moment later, as a server does: the button shows its loader meanwhile.
    const answer = vi.mocked(fetch).getMockImplementation()!;
    vi.mocked(fetch).mockImplementation(async (...args) => {
      await new Promise((resolve) => setTimeout(resolve, 50));
      return answer(...args);
    });
    renderPage();
    const preview = await screen.findByRole('button', { name: 'Preview without counting' });
    const stopDropping = dropFocusWhenDisabled();
    act(() => preview.focus());
    fireEvent.click(preview);
    await waitFor(() => expect(tab.close).toHaveBeenCalled());
    await waitFor(() => expect(document.activeElement).toBe(preview));
    stopDropping();
  });
});
