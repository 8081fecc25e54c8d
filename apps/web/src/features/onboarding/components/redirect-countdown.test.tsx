import { MantineProvider } from '@mantine/core';
import { act, fireEvent, render, screen } from '@testing-library/react';
import type { ReactNode } from 'react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { RedirectCountdown } from './redirect-countdown';

const renderWithProviders = (ui: ReactNode) => render(<MantineProvider>{ui}</MantineProvider>);

describe('RedirectCountdown', () => {
  beforeEach(() => vi.useFakeTimers());
  afterEach(() => {
    vi.useRealTimers();
  });

  it('counts down visibly and moves on at zero', () => {
    const onDone = vi.fn();
    renderWithProviders(<RedirectCountdown seconds={3} onDone={onDone} label="Opening the next step" />);
    expect(screen.getByRole('status').textContent).toBe('Opening the next step in 3 s');
    act(() => vi.advanceTimersByTime(1000));
    expect(screen.getByRole('status').textContent).toBe('Opening the next step in 2 s');
    act(() => vi.advanceTimersByTime(1000));
    expect(onDone).not.toHaveBeenCalled();
    act(() => vi.advanceTimersByTime(1000));
    expect(onDone).toHaveBeenCalledTimes(1);
  });

  it('stops when cancelled, and still lets the presenter go on', () => {
    const onDone = vi.fn();
    renderWithProviders(<RedirectCountdown seconds={2} onDone={onDone} label="Opening the next step" />);
    fireEvent.click(screen.getByRole('button', { name: 'Cancel' }));
    act(() => vi.advanceTimersByTime(5000));
    expect(onDone).not.toHaveBeenCalled();
    expect(screen.getByRole('status').textContent).toBe('Countdown stopped');
    fireEvent.click(screen.getByRole('button', { name: 'Continue now' }));
    expect(onDone).toHaveBeenCalledTimes(1);
  });
});
