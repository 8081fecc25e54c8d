import { MantineProvider } from '@mantine/core';
import type { SessionSummary } from '@screenroom/shared/schemas/analytics';
import type { TrackingLink } from '@screenroom/shared/schemas/tracking-links';
import { render, screen, within } from '@testing-library/react';
import { MemoryRouter } from 'react-router';
import { describe, expect, it } from 'vitest';
import { SessionCards } from './session-cards';

const link = { id: 'link-1', video_id: 'film-1' } as TrackingLink;
const session = (overrides: Partial<SessionSummary>): SessionSummary =>
  ({
    session_id: 's-1',
    tracking_link_id: 'link-1',
    start: '2026-11-26T09:00:00.000Z',
    end: '2026-11-26T10:05:00.000Z',
    time_spent: 3900,
    watched_minutes: 61,
    views: 1,
    coverage: 0.5,
    device: 'desktop',
    browser: 'Firefox',
    country: 'FR',
    live: false,
    ...overrides,
  }) as SessionSummary;

function show(sessions: SessionSummary[]) {
  render(
    <MantineProvider>
      <MemoryRouter>
        <SessionCards link={link} sessions={sessions} timezone="Europe/Paris" />
      </MemoryRouter>
    </MantineProvider>,
  );
  return screen.getAllByTestId('session-row');
}

describe('a viewer’s sessions on a phone', () => {
  it('gives each session a card with its figures, where it ended, and its replay', () => {
    const [ended, live] = show([
      session({}),
      session({ session_id: 's-2', live: true, views: 2, watched_minutes: 0.5, coverage: 0.13 }),
    ]);
    expect(ended!.textContent).toContain('26 Nov 2026, 10:00');
    expect(ended!.textContent).toContain('1 view · 1 h 1 min watched · 50% of the film');
    expect(ended!.textContent).toContain('Ended 11:05 · 1 h 5 min on the page · Desktop · Firefox · France');
    expect(within(ended!).queryByText('Live')).toBeNull();
    expect(
      within(ended!)
        .getByRole('link', { name: 'Replay the session of 26 Nov 2026, 10:00' })
        .getAttribute('href'),
    ).toBe('/analytics/film-1/tracking-links/link-1?sid=s-1');
    expect(live!.textContent).toContain('2 views');
    expect(live!.textContent).toContain('Watching now');
    expect(within(live!).queryByText('Live')).not.toBeNull();
  });
});
