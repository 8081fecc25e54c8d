import { MantineProvider } from '@mantine/core';
import type { StoppedEarlyViewer } from '@screenroom/shared/schemas/analytics';
import { render, screen } from '@testing-library/react';
import { MemoryRouter } from 'react-router';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { StoppedEarlyList } from './stopped-early-list';

afterEach(() => {
  vi.restoreAllMocks();
});

const viewer = (overrides: Partial<StoppedEarlyViewer>): StoppedEarlyViewer => ({
  tracking_link_id: '6f1c1c1e-0000-4000-8000-000000000001',
  viewer_name: 'Rita Replay',
  viewer_email: null,
  generated_by: 'invitation',
  coverage: 0.17,
  watched_minutes: 0.2,
  sessions: 2,
  last_active_at: '2026-11-26T09:00:00.000Z',
  ...overrides,
});

function show(phone: boolean) {
  vi.spyOn(window, 'matchMedia').mockImplementation(
    (query) => ({ matches: phone, media: query, addEventListener() {}, removeEventListener() {} }) as never,
  );
  const otto = viewer({
    tracking_link_id: '6f1c1c1e-0000-4000-8000-000000000002',
    viewer_name: 'Otto Opened',
    coverage: 0,
    watched_minutes: 0,
    sessions: 1,
  });
  render(
    <MantineProvider>
      <MemoryRouter>
        <StoppedEarlyList videoId="film-1" viewers={[viewer({}), otto]} timezone="Europe/Paris" />
      </MemoryRouter>
    </MantineProvider>,
  );
  return screen.getAllByTestId('stopped-early-row').map((row) => row.textContent);
}

describe('viewers who stopped early', () => {
  it('are table rows on a wide screen', () => {
    expect(show(false)).toEqual([
      expect.stringMatching(/^Rita Replay17%.*2.*26 Nov 2026, 10:00$/),
      expect.stringMatching(/^Otto OpenedDid not play.*1.*26 Nov 2026, 10:00$/),
    ]);
    expect(screen.getByRole('table')).toBeTruthy();
  });

  it('are cards on a phone, every figure in a sentence and no table', () => {
    const [rita, otto] = show(true);
    expect(rita).toMatch(
      /^Rita Replay17% of the film · .* watched · 2 sessionsLast seen 26 Nov 2026, 10:00$/,
    );
    expect(otto).toMatch(/^Otto OpenedDid not play · .* watched · 1 sessionLast seen/);
    expect(screen.queryByRole('table')).toBeNull();
  });
});
