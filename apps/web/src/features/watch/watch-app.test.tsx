import type { OpenSessionResponse } from '@screenroom/shared/schemas/watch';
import { render, screen } from '@testing-library/react';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { Refusal } from './api';
import type { WatchState } from './use-watch-session';

let state: WatchState = { kind: 'opening' };
vi.mock('./use-watch-session', () => ({ useWatchSession: () => state }));
// The screener page itself (the player) is not what is tested here.
vi.mock('./screener-page', () => ({ ScreenerPage: () => <p>The screener</p> }));

const { WatchApp } = await import('./watch-app');

const token = 'tok-light-film-aaaaaaaaaaaa';
const route = { kind: 'link', token } as const;
const scheme = () => document.documentElement.getAttribute('data-mantine-color-scheme');

function watching(theme: 'dark' | 'light'): WatchState {
  const session = { video: { theme } } as OpenSessionResponse;
  return { kind: 'watching', session, token, firstSeq: 0, auth: {} as never };
}

describe('the watch page’s colours while the screener opens', () => {
  beforeEach(() => {
    window.localStorage.clear();
    document.documentElement.setAttribute('data-mantine-color-scheme', 'dark');
    state = { kind: 'opening' };
  });

  it('opens a link this browser never opened in the dark, as before', () => {
    render(<WatchApp route={route} />);
    expect(screen.getByLabelText('Opening the screener')).toBeTruthy();
    expect(scheme()).toBe('dark');
  });

  it('opens a light film’s link in light the next time, not dark before turning light', () => {
    state = watching('light');
    const first = render(<WatchApp route={route} />);
    expect(scheme()).toBe('light');
    first.unmount();

    document.documentElement.setAttribute('data-mantine-color-scheme', 'dark');
    state = { kind: 'opening' };
    render(<WatchApp route={route} />);
    expect(screen.getByLabelText('Opening the screener')).toBeTruthy();
    expect(scheme()).toBe('light');
    // Another link's opening is not coloured by it.
    document.documentElement.setAttribute('data-mantine-color-scheme', 'dark');
    render(<WatchApp route={{ kind: 'link', token: 'tok-another-film-bbbbbbbbbb' }} />);
    expect(scheme()).toBe('dark');
  });

  it('remembers the theme a refusal naming the film shows, and keeps no link in the storage', () => {
    const film = { title: 'Night Train', presented_by: 'Pat', theme: 'light' as const, logo: null };
    state = { kind: 'refused', refusal: new Refusal('limit_reached', 'Full.', film) };
    render(<WatchApp route={route} />).unmount();
    expect(JSON.stringify({ ...window.localStorage })).not.toContain(token);

    state = { kind: 'opening' };
    render(<WatchApp route={route} />).unmount();
    expect(scheme()).toBe('light');
  });

  it('forgets it once the link no longer tells its film', () => {
    state = watching('light');
    render(<WatchApp route={route} />).unmount();
    state = { kind: 'refused', refusal: new Refusal('revoked', 'Withdrawn.') };
    render(<WatchApp route={route} />).unmount();
    expect(scheme()).toBe('dark');

    state = { kind: 'opening' };
    render(<WatchApp route={route} />);
    expect(scheme()).toBe('dark');
  });
});
