import { describe, expect, it } from 'vitest';
import { initials } from './user-menu';

describe('avatar initials', () => {
  it('takes letters, not punctuation', () => {
    expect(initials('Jane "JD" Director-Östberg')).toBe('JJ');
    expect(initials('Pat Presenter')).toBe('PP');
    expect(initials('  Élodie  ')).toBe('É');
  });
});
