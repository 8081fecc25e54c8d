import { fireEvent, screen } from '@testing-library/react';
import { describe, it, vi } from 'vitest';
import { expectSaidOnce, refuseEveryRequest, renderAtPath } from '../../../test/page-harness';
import { VimeoLinkingStep } from './vimeo-linking-step';

vi.mock('../../auth/api/session', () => ({
  usePresenter: () => ({ id: 'p1', name: 'Jane Director', timezone: 'Europe/Paris', vimeo_linked: false }),
  useSetPresenter: () => () => {},
}));

describe('VimeoLinkingStep', () => {
  it('says a refused token once, under the field, with no toast saying it again', async () => {
    const refusal = { field: 'accessToken', message: 'Vimeo does not accept this token' };
    refuseEveryRequest(refusal);
    renderAtPath('/onboarding/vimeo-linking', <VimeoLinkingStep />, { toasts: true });
    fireEvent.change(screen.getByLabelText('Personal access token'), { target: { value: 'abc123' } });
    fireEvent.click(screen.getByRole('button', { name: 'Link my Vimeo account' }));
    await expectSaidOnce(refusal.message);
  });
});
