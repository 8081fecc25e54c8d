import { fireEvent, screen } from '@testing-library/react';
import type { ReactNode } from 'react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { answerEveryRequest, renderAtPath } from '../../../test/page-harness';
import { ScreenerCreationStep } from './screener-creation-step';

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

function renderPage() {
  renderAtPath('/onboarding/screener-creation', <ScreenerCreationStep />);
}

describe('ScreenerCreationStep', () => {
  it('says the films could not be loaded, once, instead of "no film yet", and asks again on Try again', async () => {
    answerEveryRequest(500, { code: 'INTERNAL', message: 'Something went wrong' });
    renderPage();
    expect(await screen.findByRole('heading', { name: 'Your films could not be loaded' })).toBeTruthy();
    expect(screen.queryByText(/There is no film to share yet/)).toBeNull();
    expect(notifyError).not.toHaveBeenCalled();
    answerEveryRequest(200, { results: [] });
    fireEvent.click(screen.getByRole('button', { name: 'Try again' }));
    expect(await screen.findByText(/There is no film to share yet/)).toBeTruthy();
  });
});
