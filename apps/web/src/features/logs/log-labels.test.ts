import { LOG_TYPES } from '@screenroom/shared/enums';
import { describe, expect, it } from 'vitest';
import { logModuleLabel, logTypeLabel } from './log-labels';

describe('log types and modules in words', () => {
  it('names every log type and the modules a presenter meets', () => {
    for (const type of LOG_TYPES) expect(logTypeLabel(type)).toMatch(/^[A-Z]/);
    expect(logTypeLabel('pipeline')).toBe('Processing');
    expect(logModuleLabel('tracking-links')).toBe('Tracking links');
    expect(logModuleLabel('auth')).toBe('Sign-in');
  });

  it('shows a name it does not know as stored', () => {
    expect(logModuleLabel('scrub')).toBe('scrub');
    expect(logTypeLabel('custom')).toBe('custom');
  });
});
