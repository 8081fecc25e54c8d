import { fireEvent, screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { answerEveryRequest, renderFilmTab } from '../../../test/page-harness';
import { SharedWithPage } from './shared-with-page';

const notifyError = vi.hoisted(() => vi.fn());
vi.mock('../../../lib/notify', () => ({ notifyError }));

afterEach(() => {
  notifyError.mockClear();
});

const renderPage = () => renderFilmTab('shared-with', <SharedWithPage />);

describe('SharedWithPage', () => {
  it('says who has access could not be loaded, once, and asks again on Try again', async () => {
    answerEveryRequest(500, { code: 'INTERNAL', message: 'Something went wrong' });
    renderPage();
    expect(await screen.findByRole('heading', { name: 'Who has access could not be loaded' })).toBeTruthy();
    expect(notifyError).not.toHaveBeenCalled();
    answerEveryRequest(200, { results: [] });
    fireEvent.click(screen.getByRole('button', { name: 'Try again' }));
    expect(await screen.findByText('Nobody has access yet.')).toBeTruthy();
  });
});
