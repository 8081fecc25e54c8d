import type { TrackingLink } from '@screenroom/shared/schemas/tracking-links';
import { describe, expect, it } from 'vitest';
import { NO_VALUE } from '../../../lib/no-value';
import { invitedOn } from './invited-on';

const link = (over: Partial<TrackingLink>) =>
  ({ created_at: '2026-03-02T10:00:00.000Z', invite_date: null, ...over }) as TrackingLink;

describe('the Invited column of the audience list', () => {
  it('shows the day the invitation was mailed', () => {
    expect(invitedOn(link({ invite_date: '2026-03-05T09:30:00.000Z' }), 'Europe/Paris')).toBe('5 Mar 2026');
  });

  it('shows no date for a link that was never mailed, not the day it was made', () => {
    expect(invitedOn(link({ generated_by: 'access_url' }), 'Europe/Paris')).toBe(NO_VALUE);
  });
});
