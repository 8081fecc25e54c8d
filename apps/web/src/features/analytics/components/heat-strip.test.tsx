import { MantineProvider } from '@mantine/core';
import { cleanup, render, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { HeatStrip } from './heat-strip';

function show(duration: number | null, minutesPlayed: number[]) {
  render(
    <MantineProvider>
      <HeatStrip heatMap={minutesPlayed.map((minute) => ({ minute, viewers: 2 }))} duration={duration} />
    </MantineProvider>,
  );
  return screen.getByTestId('heat-strip').parentElement!.textContent ?? '';
}

describe('the minute-by-minute strip', () => {
  it('ends at the film’s own length', () => {
    expect(show(8, [0])).toContain('0:000:08');
    cleanup();
    expect(show(95 * 60 + 30, [0, 40])).toContain('0:001:35:30');
    expect(screen.getByTestId('heat-strip').children).toHaveLength(96);
  });

  it('counts minutes when the length is not known', () => {
    expect(show(null, [0, 2])).toContain('0:003 min');
  });

  it('says that a short film’s cells are whole minutes, not what was played', () => {
    expect(show(60, [0])).toContain('A film this short has one cell: a viewer who played a few seconds');
    cleanup();
    expect(show(95 * 60, [0])).not.toContain('A film this short');
    cleanup();
    // A film of unknown length is not called short because only its first minute was played.
    expect(show(null, [0])).not.toContain('A film this short');
  });
});
