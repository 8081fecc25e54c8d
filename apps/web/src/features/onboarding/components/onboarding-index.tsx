import { Navigate } from 'react-router';
import { usePresenter } from '../../auth/api/session';
import { resumePath } from '../steps';

/** /onboarding: straight to the first step not yet done, wherever the presenter left off. */
export function OnboardingIndex() {
  const presenter = usePresenter();
  return <Navigate to={resumePath(presenter.onboarding)} replace />;
}
