import { useEffect } from 'react';
import { FullPageSpinner } from '../components/full-page-spinner';
import {
  arrivalAfterSignIn,
  destinationAfterSignIn,
  hasMemberAccess,
  homePathFor,
  originRememberedIn,
  useAuth,
} from '../lib/auth';
import { Navigate, Outlet, useLocation } from '../lib/router/router';
import { adminSettingsStorage } from '../lib/storage';

/** Member pages: sign-in required (origin remembered), admins sent to their area, onboarding first. */
export function RequireMember() {
  const { status, user } = useAuth();
  const location = useLocation();
  if (status === 'resolving') return <FullPageSpinner />;
  if (!user) return <Navigate to="/signin" replace state={{ from: location }} />;
  if (user.isAdmin) return <Navigate to={homePathFor(user)} replace />;
  if (!hasMemberAccess(user)) return <Navigate to="/onboarding" replace />;
  return <Outlet />;
}

/** Onboarding has its own guard: signed-in members until both steps are done. */
export function RequireOnboarding() {
  const { status, user } = useAuth();
  const location = useLocation();
  if (status === 'resolving') return <FullPageSpinner />;
  if (!user) return <Navigate to="/signin" replace state={{ from: location }} />;
  if (user.isAdmin) return <Navigate to={homePathFor(user)} replace />;
  if (hasMemberAccess(user)) return <Navigate to="/dashboard" replace />;
  return <Outlet />;
}

/** Admin pages: non-admins go to /dashboard (their stored admin data cleared). */
export function RequireAdmin() {
  const { status, user } = useAuth();
  const location = useLocation();
  const isMember = user !== null && !user.isAdmin;
  useEffect(() => {
    if (isMember) adminSettingsStorage.clear();
  }, [isMember]);
  if (status === 'resolving') return <FullPageSpinner />;
  if (!user) return <Navigate to="/signin" replace state={{ from: location }} />;
  if (!user.isAdmin) return <Navigate to="/dashboard" replace />;
  return <Outlet />;
}

/**
 * Sign-in and register: a signed-in user goes to the home of their role — or, right after signing
 * in, back to the page a guard remembered.
 */
export function RedirectSignedIn() {
  const { status, user } = useAuth();
  const location = useLocation();
  if (status === 'resolving') return <FullPageSpinner />;
  if (user) {
    return (
      <Navigate
        to={destinationAfterSignIn(user, originRememberedIn(location.state))}
        replace
        state={arrivalAfterSignIn}
      />
    );
  }
  return <Outlet />;
}
