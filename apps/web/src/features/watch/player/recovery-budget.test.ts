import { describe, expect, it } from 'vitest';
import { HEALTHY_PLAY_SECONDS, MAX_RECOVERIES, RecoveryBudget } from './recovery-budget';

/** The film playing from `from` for `seconds`, with a `timeupdate` every quarter second. */
function play(budget: RecoveryBudget, from: number, seconds: number) {
  for (let t = from; t <= from + seconds; t += 0.25) budget.played(t);
  return from + seconds;
}

describe('the player’s recovery budget', () => {
  it('gives up after MAX_RECOVERIES fatal errors close together', () => {
    const budget = new RecoveryBudget();
    for (let i = 0; i < MAX_RECOVERIES; i++) expect(budget.spend()).toBe(true);
    expect(budget.spend()).toBe(false);
  });

  // Before, the count was never reset: four errors spread over a long film and the fifth ended it.
  it('forgets the errors once the film has played on normally for a while', () => {
    const budget = new RecoveryBudget();
    let time = 0;
    for (let i = 0; i < MAX_RECOVERIES * 3; i++) {
      expect(budget.spend(), `error ${i + 1}`).toBe(true);
      time = play(budget, time, HEALTHY_PLAY_SECONDS + 1);
    }
  });

  it('does not forget them for a short stretch of play between errors', () => {
    const budget = new RecoveryBudget();
    let time = 0;
    for (let i = 0; i < MAX_RECOVERIES; i++) {
      expect(budget.spend()).toBe(true);
      time = play(budget, time, HEALTHY_PLAY_SECONDS / 2);
    }
    expect(budget.spend()).toBe(false);
  });

  it('counts neither a seek forward nor time that stands still as film played', () => {
    const budget = new RecoveryBudget();
    for (let i = 0; i < MAX_RECOVERIES; i++) budget.spend();
    budget.played(10);
    budget.jumped();
    budget.played(10 + HEALTHY_PLAY_SECONDS * 10); // The viewer skipped ahead.
    for (let i = 0; i < 500; i++) budget.played(10 + HEALTHY_PLAY_SECONDS * 10); // Paused, or stalled.
    expect(budget.spend()).toBe(false);
  });
});
