import type { Video } from '@screenroom/shared/schemas/videos';
import { fireEvent, screen, waitFor } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { createQueryClient } from '../../../lib/query-client';
import { answerEveryRequest } from '../../../test/page-harness';
import { AccessLinkDialog } from './access-link-dialog';
import { renderFilmDialog } from './test-support/render-film-dialog';

vi.mock('../../auth/api/session', () => ({
  usePresenter: () => ({ id: 'p1', name: 'Jane Director', timezone: 'Europe/Paris' }),
}));

const video = { id: '5b1f4c63-3f61-4bb8-9b0a-8f5d1c1c7a11', title: 'Night Train' } as Video;

describe('AccessLinkDialog', () => {
  it('says a refused field once, under the field, with no toast saying it again', async () => {
    const refusal = { field: 'viewer_name', message: 'This name is not accepted' };
    vi.stubGlobal(
      'fetch',
      vi.fn(async () =>
        Response.json({ message: `viewer_name: ${refusal.message}`, errors: [refusal] }, { status: 400 }),
      ),
    );
    renderFilmDialog(video, 'tracking-link/access-link-generated', <AccessLinkDialog />, createQueryClient());
    fireEvent.change(screen.getByLabelText('For'), { target: { value: 'Lea' } });
    fireEvent.click(screen.getByRole('button', { name: 'Create access link' }));
    expect(await screen.findByText(refusal.message)).toBeTruthy();
    // A toast is shown before the request's promise rejects, so it would be on screen by now.
    expect(screen.getAllByText(refusal.message)).toHaveLength(1);
  });

  it('says an existing link could not be loaded, with Try again, when the server fails, not "could not be found"', async () => {
    answerEveryRequest(503, { message: 'Something went wrong' });
    openExisting();
    expect(await screen.findByText('This access link could not be loaded')).toBeTruthy();
    expect(screen.getByText(/Something went wrong on Screenroom’s side/)).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Try again' })).toBeTruthy();
    expect(screen.queryByText('This access link could not be found.')).toBeNull();
  });

  it('says a link that does not exist could not be found', async () => {
    answerEveryRequest(404, { message: 'This link does not exist.' });
    openExisting();
    expect(await screen.findByText('This access link could not be found.')).toBeTruthy();
  });

  it('says a refusal that arrives after the dialog was closed, once, as a toast', async () => {
    const refusal = { field: 'viewer_name', message: 'This name is not accepted' };
    let answer = () => {};
    vi.stubGlobal(
      'fetch',
      vi.fn(async () => {
        await new Promise<void>((resolve) => {
          answer = resolve;
        });
        return Response.json(
          { message: `viewer_name: ${refusal.message}`, errors: [refusal] },
          { status: 400 },
        );
      }),
    );
    renderFilmDialog(video, 'tracking-link/access-link-generated', <AccessLinkDialog />, createQueryClient());
    fireEvent.change(screen.getByLabelText('For'), { target: { value: 'Lea' } });
    fireEvent.click(screen.getByRole('button', { name: 'Create access link' }));
    await waitFor(() => expect(fetch).toHaveBeenCalled());
    fireEvent.click(document.querySelector('.mantine-Modal-close') as HTMLElement);
    await waitFor(() => expect(screen.queryByLabelText('For')).toBeNull());
    answer();
    expect(await screen.findByText(refusal.message)).toBeTruthy();
    expect(screen.getAllByText(refusal.message)).toHaveLength(1);
  });
});

function openExisting() {
  renderFilmDialog(
    video,
    'tracking-link/:trackingLinkId/access-link-generated',
    <AccessLinkDialog />,
    undefined,
    'tracking-link/6f1c1c1e-0000-4000-8000-000000000009/access-link-generated',
  );
}
