import { Navigate, Outlet, useLocation } from 'react-router';
import { PageLoader } from '../components/page-loader';
import { useSession } from '../features/auth/api/session';
import { NotFoundPage } from './not-found-page';

/** Signed-out visitors go to /login, and come back here after signing in. */
export function RequireAuth() {
  const session = useSession();
  const location = useLocation();
  if (session.status === 'loading') return <PageLoader fullScreen />;
  if (session.status === 'signed-out') {
    return <Navigate to="/login" replace state={{ from: `${location.pathname}${location.search}` }} />;
  }
  return <Outlet />;
}

/** /login and /register: a signed-in presenter is sent home. */
export function GuestOnly() {
  const session = useSession();
  const location = useLocation();
  if (session.status === 'loading') return <PageLoader fullScreen />;
  if (session.status === 'signed-in') {
    const from = (location.state as { from?: string } | null)?.from;
    return <Navigate to={from && from !== '/login' ? from : '/'} replace />;
  }
  return <Outlet />;
}

/** A presenter who has not finished onboarding is always brought back to it. */
export function RequireOnboarded() {
  const session = useSession();
  if (session.status === 'signed-in' && !session.presenter.is_onboarding_completed) {
    return <Navigate to="/onboarding" replace />;
  }
  return <Outlet />;
}

/** /onboarding: a presenter who finished it is sent to /. */
export function OnboardingOnly() {
  const session = useSession();
  if (session.status === 'signed-in' && session.presenter.is_onboarding_completed)
    return <Navigate to="/" replace />;
  return <Outlet />;
}

/** Admin-only pages do not exist for everyone else. */
export function AdminOnly() {
  const session = useSession();
  if (session.status !== 'signed-in' || !session.presenter.is_admin) return <NotFoundPage />;
  return <Outlet />;
}
