import { describe, expect, it } from 'vitest';
import { sampleDetails } from './sample-details';

describe('the sample film’s description', () => {
  it('says the length the film is made at', () => {
    expect(sampleDetails(60).description).toMatch(/^A one-minute sample screener to try sharing with/);
    expect(sampleDetails(120).description).toMatch(/^A 2-minute sample/);
    expect(sampleDetails(20).description).toMatch(/^A 20-second sample/);
    expect(sampleDetails(90).description).toMatch(/^A 90-second sample/);
  });

  it('says "an" before a length read with a vowel sound', () => {
    expect(sampleDetails(8).description).toMatch(/^An 8-second sample/);
    expect(sampleDetails(11).description).toMatch(/^An 11-second sample/);
    expect(sampleDetails(18).description).toMatch(/^An 18-second sample/);
    expect(sampleDetails(480).description).toMatch(/^An 8-minute sample/);
    expect(sampleDetails(81).description).toMatch(/^An 81-second sample/);
    expect(sampleDetails(110).description).toMatch(/^A 110-second sample/);
  });
});
