import { cleanup, fireEvent, screen } from '@testing-library/react';
import type { ReactNode } from 'react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { answerEveryRequest, answerRequests, renderAtPath } from '../../../test/page-harness';
import { ScreenerWatchStep } from './screener-watch-step';

const notifyError = vi.hoisted(() => vi.fn());
vi.mock('../../../lib/notify', () => ({ notifyError }));
vi.mock('./onboarding-step', () => ({
  OnboardingStep: ({ children }: { children: ReactNode }) => <div>{children}</div>,
}));

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
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
});
