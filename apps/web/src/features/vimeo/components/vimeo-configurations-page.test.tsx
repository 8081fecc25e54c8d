import { cleanup, screen } from '@testing-library/react';
import { afterEach, expect, it, vi } from 'vitest';
import { answerEveryRequest, renderAtPath } from '../../../test/page-harness';
import { VimeoConfigurationsPage } from './vimeo-configurations-page';

const notifyError = vi.hoisted(() => vi.fn());
vi.mock('../../../lib/notify', () => ({ notifyError, notifySuccess: vi.fn() }));
vi.mock('../../auth/api/session', () => ({
  usePresenter: () => ({ id: 'p1', name: 'Pat', timezone: 'Europe/Paris' }),
  useSetPresenter: () => () => {},
}));

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
  notifyError.mockClear();
});

it('says once, in the plain words, that the Vimeo settings could not be loaded', async () => {
  answerEveryRequest(502, { message: 'Bad Gateway' });
  renderAtPath('/settings/vimeo-configurations', <VimeoConfigurationsPage />);
  expect(await screen.findByText('Vimeo settings could not be loaded')).toBeTruthy();
  expect(screen.getByText(/Something went wrong on Screenroom’s side/)).toBeTruthy();
  expect(screen.queryByText('Bad Gateway')).toBeNull();
  expect(notifyError).not.toHaveBeenCalled();
});
