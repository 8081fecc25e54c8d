import { fireEvent, screen } from '@testing-library/react';
import { describe, it } from 'vitest';
import { expectSaidOnce, refuseEveryRequest, renderAtPath } from '../../../test/page-harness';
import { VimeoTokenForm } from './vimeo-token-form';

describe('VimeoTokenForm', () => {
  it('says a refused token once, under the field, with no toast saying it again', async () => {
    const refusal = { field: 'accessToken', message: 'Vimeo does not accept this token' };
    refuseEveryRequest(refusal);
    renderAtPath('/settings/vimeo', <VimeoTokenForm />, { toasts: true });
    fireEvent.change(screen.getByLabelText('Personal access token'), { target: { value: 'abc123' } });
    fireEvent.click(screen.getByRole('button', { name: 'Link with this token' }));
    await expectSaidOnce(refusal.message);
  });
});
