import { useQueryClient } from '@tanstack/react-query';
import type { Permission } from '@uplink/contract/admin-roles';
import { useEffect } from 'react';
import { Navigate, Outlet, useLocation, useMatches, useNavigate } from 'react-router';
import { ApiError } from '../lib/api-error';
import { arrivedFromSignIn, homePathFor } from '../lib/auth';
import { usePermissions } from '../lib/permissions';
import AdminForbiddenPage from './routes/admin/forbidden';

/*
 * The administrators' own guard, in the admin chunk (the router loads it with the admin frame):
 * the role's permissions, the second factor first, the forbidden page. Signed-in checks common to
 * every area stay in guards.tsx.
 */

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
