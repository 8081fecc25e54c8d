import { act, cleanup, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { Refusal } from './api';
import { RefusalPage } from './refusal-page';

afterEach(() => {
  vi.useRealTimers();
});

describe('the refusal page', () => {
  it('says when an ended link ended in the viewer’s own time, not the server’s UTC sentence', () => {
    const endsAt = '2026-11-26T05:34:00.000Z';
    const refusal = new Refusal(
      'ended',
      'This link ended on 26 November 2026 at 05:34 UTC.',
      undefined,
      endsAt,
    );
    render(<RefusalPage refusal={refusal} onRetry={() => {}} />);
    const local = new Date(endsAt).toLocaleString('en-GB', { dateStyle: 'long', timeStyle: 'short' });
    expect(screen.getByText(`This link ended on ${local}.`)).toBeTruthy();
    expect(screen.queryByText(/UTC/)).toBeNull();
  });

  it('looks again by itself while the film is still being prepared', () => {
    vi.useFakeTimers();
    const onRetry = vi.fn();
    render(<RefusalPage refusal={new Refusal('processing', 'Still being prepared.')} onRetry={onRetry} />);
    // It says it need not be reloaded, and its button checks now rather than asking to try again.
    expect(
      screen.getByText(
        'No need to reload: this page looks again every 15 seconds and opens the film when it is ready.',
      ),
    ).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Check now' })).toBeTruthy();
    act(() => vi.advanceTimersByTime(14_000));
    expect(onRetry).not.toHaveBeenCalled();
    act(() => vi.advanceTimersByTime(1_000));
    expect(onRetry).toHaveBeenCalledTimes(1);
  });

  it('does not retry a refusal that waiting cannot change', () => {
    vi.useFakeTimers();
    const onRetry = vi.fn();
    render(<RefusalPage refusal={new Refusal('revoked', 'Withdrawn.')} onRetry={onRetry} />);
    act(() => vi.advanceTimersByTime(60_000));
    expect(onRetry).not.toHaveBeenCalled();
  });

  it('shows the presenter’s logo as the film’s page does, when the refusal names the film', () => {
    const logo = 'https://screenroom.test/v1/media/logos/v1/studio.png?sig=0123456789abcdef0123456789abcdef';
    const film = { title: 'Night Train', presented_by: 'Pat Presenter', theme: 'light' as const, logo };
    render(<RefusalPage refusal={new Refusal('limit_reached', 'Full.', film)} onRetry={() => {}} />);
    const img = screen.getByRole('img', { name: 'Pat Presenter' });
    expect(img.getAttribute('src')).toBe(logo);
    // Still says whom to ask in words: a logo is not always readable as a name.
    expect(screen.getByText('Ask Pat Presenter for a new link.')).toBeTruthy();
  });

  it('shows no logo when the film has none shown, nor for a refusal that names no film', () => {
    const film = { title: 'Night Train', presented_by: 'Pat Presenter', theme: 'dark' as const, logo: null };
    render(<RefusalPage refusal={new Refusal('ended', 'Ended.', film)} onRetry={() => {}} />);
    expect(screen.queryByRole('img')).toBeNull();
    cleanup();
    render(<RefusalPage refusal={new Refusal('not_found', 'This link does not exist')} onRetry={() => {}} />);
    expect(screen.queryByRole('img')).toBeNull();
  });

  it('titles a country refusal truthfully whether or not the viewer could be placed', () => {
    const unplaced =
      'This film is shown only in some countries, and we cannot tell where your connection comes from.';
    render(<RefusalPage refusal={new Refusal('geo_blocked', unplaced)} onRetry={() => {}} />);
    expect(screen.getByRole('heading', { level: 1 }).textContent).toBe('Not available where you are');
    expect(screen.getByText(unplaced)).toBeTruthy();
  });
});
