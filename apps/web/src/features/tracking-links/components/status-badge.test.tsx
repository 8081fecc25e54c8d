import { MantineProvider } from '@mantine/core';
import type { TrackingLink } from '@screenroom/shared/schemas/tracking-links';
import { cleanup, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { StatusBadge } from './status-badge';

afterEach(cleanup);

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
});
