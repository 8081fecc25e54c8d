import type { OnboardingStep } from '@screenroom/shared/enums';
import type { OnboardingState } from '@screenroom/shared/schemas/presenters';

/** The onboarding pages in order, and the stored steps each one needs done before it (spec section 4). */
export const ONBOARDING_PAGES = [
  { path: 'intro', label: 'Welcome', needs: [] },
  { path: 'vimeo-linking', label: 'Your films', needs: [] },
  { path: 'video-creation', label: 'First screener', needs: ['vimeo_linking'] },
  { path: 'screener-creation', label: 'Share it', needs: ['vimeo_linking', 'video_creation'] },
  {
    path: 'screener-watch',
    label: 'Watch it',
    needs: ['vimeo_linking', 'video_creation', 'screener_creation'],
  },
  {
    path: 'screener-analytics',
    label: 'See the session',
    needs: ['vimeo_linking', 'video_creation', 'screener_creation'],
  },
] as const satisfies readonly { path: string; label: string; needs: readonly OnboardingStep[] }[];

export type OnboardingPath = (typeof ONBOARDING_PAGES)[number]['path'] | 'old-screener-creation';

/** The earlier, simpler form of screener-creation stands in the same place of the stepper. */
const pageOf = (path: OnboardingPath) =>
  ONBOARDING_PAGES.find((p) => p.path === (path === 'old-screener-creation' ? 'screener-creation' : path))!;

export const stepNumber = (path: OnboardingPath) => ONBOARDING_PAGES.indexOf(pageOf(path));

/** Where a presenter resumes: the page of the first step not yet stored as done. */
export function resumePath(state: OnboardingState): OnboardingPath {
  if (!state.vimeo_linking) return 'intro';
  if (!state.video_creation) return 'video-creation';
  if (!state.screener_creation) return 'screener-creation';
  return 'screener-watch';
}

/** A page may be shown once the steps before it are done; otherwise the presenter is sent to resume. */
export const canVisit = (path: OnboardingPath, state: OnboardingState) =>
  pageOf(path).needs.every((step) => state[step]);
