import { describe, expect, it } from 'vitest';
import { watermarkState } from './screener-overview-page';

describe('the watermark line of a film’s overview', () => {
  it('says On only where viewers see it: the owner is on Professional', () => {
    const on = { enable_watermark: true, watermark_type: 'text' as const };
    expect(watermarkState(on, true)).toBe('On (text)');
    // Turned on, then the plan lapsed: the watch page draws none, so it must not read On.
    expect(watermarkState(on, false)).toBe('Off: it needs the Professional plan');
    expect(watermarkState({ ...on, enable_watermark: false }, true)).toBe('Off');
  });
});
