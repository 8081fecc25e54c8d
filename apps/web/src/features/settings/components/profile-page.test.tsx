import { fireEvent, screen } from '@testing-library/react';
import { describe, it, vi } from 'vitest';
import { expectSaidOnce, refuseEveryRequest, renderAtPath } from '../../../test/page-harness';
import { ProfilePage } from './profile-page';

vi.mock('../../auth/api/session', () => ({
  usePresenter: () => ({
    id: 'p1',
    name: 'Jane Director',
    email: 'jane@example.org',
    timezone: 'Europe/Paris',
    theme: 'dark',
  }),
  useSetPresenter: () => () => {},
}));

describe('ProfilePage', () => {
  it('says a refused name once, under the field, with no toast saying it again', async () => {
    const refusal = { field: 'name', message: 'This name is not accepted' };
    refuseEveryRequest(refusal);
    renderAtPath('/settings/profile', <ProfilePage />, { toasts: true });
    fireEvent.change(screen.getByLabelText(/^Name/), { target: { value: 'Jane D.' } });
    fireEvent.click(screen.getByRole('button', { name: 'Save' }));
    await expectSaidOnce(refusal.message);
  });
});
