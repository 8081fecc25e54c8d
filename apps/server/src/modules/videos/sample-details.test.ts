import { describe, expect, it } from 'vitest';
import { sampleDetails } from './sample-details';

describe('the sample film’s description', () => {
  it('says the length the film is made at', () => {
    expect(sampleDetails(60).description).toMatch(/^A one-minute sample screener to try sharing with/);
    expect(sampleDetails(120).description).toMatch(/^A 2-minute sample/);
    expect(sampleDetails(20).description).toMatch(/^A 20-second sample/);
    expect(sampleDetails(90).description).toMatch(/^A 90-second sample/);
  });
});
