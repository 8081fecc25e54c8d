import type { Video } from '@screenroom/shared/schemas/videos';
import { cleanup, fireEvent, screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { createQueryClient } from '../../../lib/query-client';
import { AccessLinkDialog } from './access-link-dialog';
import { renderFilmDialog } from './test-support/render-film-dialog';

vi.mock('../../auth/api/session', () => ({
  usePresenter: () => ({ id: 'p1', name: 'Jane Director', timezone: 'Europe/Paris' }),
}));

const video = { id: '5b1f4c63-3f61-4bb8-9b0a-8f5d1c1c7a11', title: 'Night Train' } as Video;

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

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
});
