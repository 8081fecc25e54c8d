import { MantineProvider } from '@mantine/core';
import type { AnonymousLink } from '@screenroom/shared/schemas/anonymous-links';
import { cleanup, render, screen } from '@testing-library/react';
import { MemoryRouter } from 'react-router';
import { describe, expect, it, vi } from 'vitest';
import { AnonymousLinkCard } from './anonymous-link-card';

let magicLink: { data: AnonymousLink | null | undefined };
vi.mock('../../sharing/api/magic-link', () => ({ useMagicLink: () => magicLink }));

const videoId = '5b1f4c63-3f61-4bb8-9b0a-8f5d1c1c7a11';
const unopened: AnonymousLink = {
  id: '6f1c1c1e-0000-4000-8000-000000000003',
  video_id: videoId,
  code: 'abcdef',
  url: 'http://localhost/m/abcdef',
  usage_limit: 5,
  ends_at: null,
  status: 'active',
  viewers: 0,
  created_at: '2026-11-25T09:00:00.000Z',
};

function showCard(data: AnonymousLink | null | undefined) {
  magicLink = { data };
  render(
    <MantineProvider>
      <MemoryRouter>
        <AnonymousLinkCard videoId={videoId} />
      </MemoryRouter>
    </MantineProvider>,
  );
}

describe('the film’s anonymous link above its viewers', () => {
  it('shows a link nobody opened yet, with its address to copy, its status, usage and a way to its settings', () => {
    showCard(unopened);
    expect((screen.getByLabelText('Anonymous link') as HTMLTextAreaElement).value).toBe(unopened.url);
    expect(screen.getByRole('button', { name: 'Copy' })).toBeTruthy();
    expect(screen.getByText('Active')).toBeTruthy();
    expect(screen.getByText('0 people have opened it (of 5 allowed).')).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Configure link' }).getAttribute('href')).toBe(
      `/screeners/${videoId}/dialog/configure-magiclink`,
    );
  });

  it('says when the link is disabled', () => {
    showCard({ ...unopened, status: 'disabled', viewers: 1 });
    expect(screen.getByText('Disabled')).toBeTruthy();
    expect(screen.getByText('1 person has opened it (of 5 allowed).')).toBeTruthy();
  });

  it('takes no room when the film has no anonymous link, or before it is known', () => {
    showCard(null);
    expect(screen.queryByTestId('anonymous-link-card')).toBeNull();
    cleanup();
    showCard(undefined);
    expect(screen.queryByTestId('anonymous-link-card')).toBeNull();
  });
});
