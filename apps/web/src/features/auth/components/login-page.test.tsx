import { fireEvent, screen, waitFor } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { expectSaidOnce, refuseEveryRequest, renderAtPath } from '../../../test/page-harness';
import { LoginPage } from './login-page';

const refusal = { field: 'email', message: 'This address cannot sign in' };

async function renderRefusingLogin() {
  refuseEveryRequest(refusal, (url) => (url.endsWith('/app-config') ? { status: 200, body: {} } : undefined));
  renderAtPath('/login', <LoginPage />, { toasts: true });
  fireEvent.change(screen.getByLabelText('E-mail'), { target: { value: 'jane@example.org' } });
  // The buttons wait for the server's settings (is there a captcha?).
  const send = screen.getByRole('button', { name: 'Send me a code' });
  await waitFor(() => expect(send.hasAttribute('disabled')).toBe(false));
}

describe('LoginPage', () => {
  it('says a refused address once, under the field, with no toast saying it again', async () => {
    await renderRefusingLogin();
    fireEvent.click(screen.getByRole('button', { name: 'Send me a code' }));
    await expectSaidOnce(refusal.message);
  });

  it('says it once when the sign-in link is refused too', async () => {
    await renderRefusingLogin();
    fireEvent.click(screen.getByRole('button', { name: 'E-mail me a sign-in link instead' }));
    await expectSaidOnce(refusal.message);
  });
});
