import { screen } from '@testing-library/react';
import type { ReactNode } from 'react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { type Answer, answerRequests, renderAtPath } from '../../../test/page-harness';
import { ScreenerAnalyticsStep } from './screener-analytics-step';

const notifyError = vi.hoisted(() => vi.fn());
vi.mock('../../../lib/notify', () => ({ notifyError }));
vi.mock('../../auth/api/session', () => ({
  usePresenter: () => ({ name: 'Pat', timezone: 'Europe/Paris' }),
  useSetPresenter: () => () => {},
}));
vi.mock('./onboarding-step', () => ({
  OnboardingStep: ({ children }: { children: ReactNode }) => <div>{children}</div>,
}));

afterEach(() => {
  notifyError.mockClear();
});

const film = { id: 'f1', type: 'sample', title: 'Night Train', status: 'READY', playable: true };

/** The films load; the link's figures (`/screeners/l1`) are answered `figures`. */
function renderWithFigures(figures: Answer) {
  answerRequests((url) =>
    url.includes('/screeners/l1')
      ? figures
      : { status: 200, body: { results: url.endsWith('/screeners') ? [] : [film] } },
  );
  renderAtPath('/onboarding/screener-analytics?video=f1&link=l1', <ScreenerAnalyticsStep />);
}

describe('ScreenerAnalyticsStep', () => {
  it('says the link could not be loaded, once, instead of "No link found" when its figures fail', async () => {
    renderWithFigures({ status: 500, body: { code: 'INTERNAL', message: 'Something went wrong' } });
    expect(await screen.findByRole('heading', { name: 'Your link could not be loaded' })).toBeTruthy();
    expect(screen.queryByText('No link found')).toBeNull();
    expect(notifyError).not.toHaveBeenCalled();
  });

  it('says "No link found" for a link that does not exist', async () => {
    renderWithFigures({ status: 404, body: { code: 'NOT_FOUND', message: 'This link does not exist.' } });
    expect(await screen.findByText('No link found')).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Try again' })).toBeNull();
  });
});
