import { useQueryClient } from '@tanstack/react-query';
import type { Permission } from '@uplink/contract/admin-roles';
import { useEffect } from 'react';
import { Navigate, Outlet, useLocation, useMatches, useNavigate } from 'react-router';
import { FullPageSpinner } from '../components/full-page-spinner';
import { ApiError } from '../lib/api-error';
import {
  arrivalAfterSignIn,
  arrivedFromSignIn,
  destinationAfterSignIn,
  hasMemberAccess,
  homePathFor,
  useAuth,
} from '../lib/auth';
import { usePermissions } from '../lib/permissions';
import { adminSettingsStorage } from '../lib/storage';
import AdminForbiddenPage from './routes/admin/forbidden';

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
 * What an admin route declares it needs (its `handle`), as the server's admin routes do: one of the
 * contract's permissions, or `null` for what every administrator may open (their own settings).
 */
export interface AdminRouteHandle {
  permission: Permission | null;
}

function isAdminRouteHandle(handle: unknown): handle is AdminRouteHandle {
  return typeof handle === 'object' && handle !== null && 'permission' in handle;
}

/** The navigation state of an administrator sent to the settings to enrol a second factor first. */
const secondFactorFirst = { secondFactorRequired: true } as const;

export function arrivedForSecondFactor(state: unknown): boolean {
  return typeof state === 'object' && state !== null && 'secondFactorRequired' in state;
}

/**
 * In production an administrator enrols a second factor before any other admin route answers
 * (ADMIN_TOTP_REQUIRED): a page refused so leads to the settings, where it is enrolled, instead of
 * every section failing one by one.
 */
function useSecondFactorFirst(): void {
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  useEffect(
    () =>
      queryClient.getQueryCache().subscribe((event) => {
        if (event.type !== 'updated' || event.action.type !== 'error') return;
        const { error } = event.action;
        if (error instanceof ApiError && error.code === 'ADMIN_TOTP_REQUIRED') {
          navigate('/admin/settings', { replace: true, state: secondFactorFirst });
        }
      }),
    [queryClient, navigate],
  );
}

/**
 * Admin pages the administrator's role does not permit answer the forbidden page, deep links
 * included. A route that declares nothing is refused too: forgetting the declaration must not open
 * a page to every role.
 */
export function RequirePermission() {
  useSecondFactorFirst();
  const matches = useMatches();
  const permits = usePermissions();
  const location = useLocation();
  const handle = matches.map((match) => match.handle).findLast(isAdminRouteHandle);
  if (!handle || (handle.permission !== null && !permits(handle.permission))) {
    // Right after signing in, a remembered page the role cannot open gives way to the admin home.
    if (arrivedFromSignIn(location.state)) return <Navigate to={homePathFor({ isAdmin: true })} replace />;
    return <AdminForbiddenPage />;
  }
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
    return <Navigate to={destinationAfterSignIn(user, location.state?.from)} replace state={arrivalAfterSignIn} />;
  }
  return <Outlet />;
}
