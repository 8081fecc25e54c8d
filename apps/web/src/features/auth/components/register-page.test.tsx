import { fireEvent, screen, waitFor } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { expectSaidOnce, refuseEveryRequest, renderAtPath } from '../../../test/page-harness';
import { RegisterPage } from './register-page';

describe('RegisterPage', () => {
  it('says a refused address once, under the field, with no toast saying it again', async () => {
    const refusal = { field: 'email', message: 'This address already has an account' };
    refuseEveryRequest(refusal, (url) =>
      url.endsWith('/app-config') ? { status: 200, body: {} } : undefined,
    );
    renderAtPath('/register', <RegisterPage />, { toasts: true });
    fireEvent.change(screen.getByLabelText('E-mail'), { target: { value: 'jane@example.org' } });
    fireEvent.change(screen.getByLabelText('Your name'), { target: { value: 'Jane Director' } });
    fireEvent.click(screen.getByRole('checkbox'));
    // The button waits for the server's settings (is there a captcha?).
    const send = screen.getByRole('button', { name: 'Create account' });
    await waitFor(() => expect(send.hasAttribute('disabled')).toBe(false));
    fireEvent.click(send);
    await expectSaidOnce(refusal.message);
  });
});
