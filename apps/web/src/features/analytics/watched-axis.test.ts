import { describe, expect, it } from 'vitest';
import { watchedAxis } from './watched-axis';

const labelled = (maxMinutes: number) => {
  const axis = watchedAxis(maxMinutes);
  return axis.ticks.map(axis.label);
};

describe('the watched-time axis of the day-by-day chart', () => {
  it('marks a short day with round seconds, each label at its own height', () => {
    // 26 s watched: the axis read 0, 0.2, 0.3, 0.5, 0.6 "Minutes", 0.2 drawn at 0.15 and 0.5 at 0.45.
    expect(labelled(26 / 60)).toEqual(['0 s', '10 s', '20 s', '30 s']);
    expect(watchedAxis(26 / 60).ticks).toEqual([0, 10 / 60, 20 / 60, 30 / 60]);
  });

  it('never repeats a label for a few seconds watched', () => {
    expect(labelled(3 / 60)).toEqual(['0 s', '1 s', '2 s', '3 s']);
  });

  it('uses minutes and hours as the day grows, and tops the bars', () => {
    expect(labelled(7.5)).toEqual(['0 s', '2 min', '4 min', '6 min', '8 min']);
    expect(labelled(1234)).toEqual(['0 s', '10 h', '20 h', '30 h']);
    const { ticks } = watchedAxis(1234);
    expect(ticks.at(-1)).toBeGreaterThanOrEqual(1234);
  });

  it('draws a minute when nothing was watched yet', () => {
    expect(labelled(0)).toEqual(['0 s', '15 s', '30 s', '45 s', '1 min']);
  });
});
