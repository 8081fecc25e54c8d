import { describe, expect, it } from 'vitest';
import { canVisit, resumePath, stepNumber } from './steps';

const state = (vimeo_linking: boolean, video_creation: boolean, screener_creation: boolean) => ({
  vimeo_linking,
  video_creation,
  screener_creation,
});

describe('onboarding steps', () => {
  it('resumes at the first step not stored as done', () => {
    expect(resumePath(state(false, false, false))).toBe('intro');
    expect(resumePath(state(true, false, false))).toBe('video-creation');
    expect(resumePath(state(true, true, false))).toBe('screener-creation');
    expect(resumePath(state(true, true, true))).toBe('screener-watch');
  });

  it('lets a page show only after the steps before it', () => {
    expect(canVisit('vimeo-linking', state(false, false, false))).toBe(true);
    expect(canVisit('video-creation', state(false, false, false))).toBe(false);
    expect(canVisit('screener-creation', state(true, false, false))).toBe(false);
    expect(canVisit('old-screener-creation', state(true, true, false))).toBe(true);
    expect(canVisit('screener-watch', state(true, true, false))).toBe(false);
    expect(canVisit('screener-analytics', state(true, true, true))).toBe(true);
  });

  it('puts the old screener-creation in the place of the new one', () => {
    expect(stepNumber('old-screener-creation')).toBe(stepNumber('screener-creation'));
    expect(stepNumber('screener-analytics')).toBe(5);
  });
});
