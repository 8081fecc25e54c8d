import { screen } from '@testing-library/react';
import type { ReactNode } from 'react';
import { afterEach, expect, it, vi } from 'vitest';
import { answerRequests, renderAtPath } from '../../../test/page-harness';
import { VideoCreationStep } from './video-creation-step';

const notifyError = vi.hoisted(() => vi.fn());
vi.mock('../../../lib/notify', () => ({ notifyError }));
vi.mock('./onboarding-step', () => ({
  OnboardingStep: ({ children }: { children: ReactNode }) => <div>{children}</div>,
}));

afterEach(() => {
  notifyError.mockClear();
});

it('says the films could not be loaded, once, instead of offering to create the sample', async () => {
  answerRequests(() => 'no answer');
  renderAtPath('/onboarding/video-creation', <VideoCreationStep />);
  expect(await screen.findByRole('heading', { name: 'Your films could not be loaded' })).toBeTruthy();
  expect(screen.getByText(/Check your connection/)).toBeTruthy();
  expect(screen.queryByText('No film yet')).toBeNull();
  expect(notifyError).not.toHaveBeenCalled();
});
