import type { Permission } from '@uplink/contract/admin-roles';
import { type ReactNode, useEffect } from 'react';
import { ApiError } from '../lib/api-error';
import { arrivedFromSignIn, homePathFor } from '../lib/auth';
import { usePermissions } from '../lib/permissions';
import { useQueryClient } from '../lib/query';
import { Navigate, useLocation, useNavigate } from '../lib/router/router';
import AdminForbiddenPage from './routes/admin/forbidden';

/*
 * The administrators' own guard, in the admin chunk (the route table loads it with the admin frame):
 * the role's permissions, the second factor first, the forbidden page. Signed-in checks common to
 * every area stay in guards.tsx.
 */

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
      queryClient.onQueryError((error) => {
        if (error instanceof ApiError && error.code === 'ADMIN_TOTP_REQUIRED') {
          navigate('/admin/settings', { replace: true, state: secondFactorFirst });
        }
      }),
    [queryClient, navigate],
  );
}

/**
 * An admin screen (`children`) the administrator's role does not permit answers the forbidden page,
 * deep links included. `permission` is what the screen needs, as the server's admin routes declare
 * it: one of the contract's permissions, or `null` for what every administrator may open (their own
 * settings). It is required: forgetting the declaration must not open a page to every role.
 */
export function RequirePermission({ permission, children }: { permission: Permission | null; children: ReactNode }) {
  useSecondFactorFirst();
  const permits = usePermissions();
  const location = useLocation();
  if (permission !== null && !permits(permission)) {
    // Right after signing in, a remembered page the role cannot open gives way to the admin home.
    if (arrivedFromSignIn(location.state)) return <Navigate to={homePathFor({ isAdmin: true })} replace />;
    return <AdminForbiddenPage />;
  }
  return children;
}
