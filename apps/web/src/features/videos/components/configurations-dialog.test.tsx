import type { Video } from '@screenroom/shared/schemas/videos';
import { fireEvent, screen } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { createQueryClient } from '../../../lib/query-client';
import { renderFilmDialog } from '../../sharing/components/test-support/render-film-dialog';
import { ConfigurationsDialog } from './configurations-dialog';

vi.mock('../../auth/api/session', () => ({
  usePresenter: () => ({ id: 'p1', name: 'Jane Director', timezone: 'Europe/Paris', rule_set: 'FREE' }),
}));

const video = {
  id: '5b1f4c63-3f61-4bb8-9b0a-8f5d1c1c7a11',
  title: 'Night Train',
  description: '',
  director: null,
  producer: null,
  admin_note: null,
  theme: 'dark',
  enable_logo: false,
  enable_watermark: false,
  watermark: null,
  watermark_type: 'text',
} as unknown as Video;

describe('ConfigurationsDialog', () => {
  it('says a refused field once, under the field, with no toast saying it again', async () => {
    const refusal = { field: 'title', message: 'This name is not accepted' };
    vi.stubGlobal(
      'fetch',
      vi.fn(async () =>
        Response.json({ message: `title: ${refusal.message}`, errors: [refusal] }, { status: 400 }),
      ),
    );
    renderFilmDialog(video, 'configurations', <ConfigurationsDialog />, createQueryClient());
    fireEvent.change(screen.getByLabelText('Title'), { target: { value: 'Night Bus' } });
    fireEvent.click(screen.getByRole('button', { name: 'Save' }));
    expect(await screen.findByText(refusal.message)).toBeTruthy();
    // A toast is shown before the request's promise rejects, so it would be on screen by now.
    expect(screen.getAllByText(refusal.message)).toHaveLength(1);
  });
});
