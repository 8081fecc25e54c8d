import { MantineProvider } from '@mantine/core';
import type { TrackingLink } from '@screenroom/shared/schemas/tracking-links';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { cleanup, render, screen } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { StatusBadge } from './status-badge';

const link = (over: Partial<TrackingLink>) =>
  ({
    status: 'active',
    invitation: null,
    ends_at: null,
    usage_limit: null,
    sessions: 0,
    ...over,
  }) as TrackingLink;

const statusOf = (over: Partial<TrackingLink>) => {
  render(
    <MantineProvider>
      <StatusBadge link={link(over)} />
    </MantineProvider>,
  );
  return screen.getByText(/./).textContent;
};

describe('a tracking link’s status in the list', () => {
  it('says when every viewing is used, as the viewer is told', () => {
    expect(statusOf({ usage_limit: 1, sessions: 1 })).toBe('Limit reached');
  });
  it('stays active below the limit or without one', () => {
    expect(statusOf({ usage_limit: 2, sessions: 1 })).toBe('Active');
    cleanup();
    expect(statusOf({ usage_limit: null, sessions: 9 })).toBe('Active');
  });
  it('puts revoked first', () => {
    expect(statusOf({ status: 'revoked', usage_limit: 1, sessions: 1 })).toBe('Revoked');
  });
  it("says Disabled for a viewer of the film's anonymous link once that link is disabled", async () => {
    const answer = (status: string) =>
      vi.fn(async () => Response.json({ magicLink: { status, url: 'x', usage_limit: null, ends_at: null } }));
    for (const [status, words] of [
      ['disabled', 'Disabled'],
      ['active', 'Active'],
    ]) {
      vi.stubGlobal('fetch', answer(status!));
      render(
        <MantineProvider>
          <QueryClientProvider client={new QueryClient()}>
            <StatusBadge link={link({ generated_by: 'magic_link', video_id: 'film' })} />
          </QueryClientProvider>
        </MantineProvider>,
      );
      expect(await screen.findByText(words!)).toBeTruthy();
      cleanup();
    }
  });
});
