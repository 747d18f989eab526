import type { Permission } from '@uplink/contract/admin-roles';
import { createBrowserRouter, Navigate, type RouteObject } from 'react-router';
import { FullPageSpinner } from '../components/full-page-spinner';
import { PublicLayout } from '../components/layouts/public-layout';
import type { AdminRouteHandle } from './admin-guards';
import { RedirectSignedIn, RequireAdmin, RequireMember, RequireOnboarding } from './guards';
import LandingPage from './routes/landing';

/** A route module's default export, loaded in its own chunk on first visit. */
function page(load: () => Promise<{ default: React.ComponentType }>) {
  return async () => ({ Component: (await load()).default });
}

/**
 * The member's and the administrators' frames (sidebars, their icons and navigation), loaded in
 * their own chunks beside the screen inside them: a visitor of `/` downloads neither.
 */
const memberLayout = async () => ({ Component: (await import('../components/layouts/member-layout')).MemberLayout });
const adminLayout = async () => ({ Component: (await import('../components/layouts/admin-layout')).AdminLayout });
/** The administrators' permission guard, with the forbidden page: admin code, loaded beside their frame. */
const requirePermission = async () => ({ Component: (await import('./admin-guards')).RequirePermission });

/** An admin route opened only by the roles holding `permission`. */
function needs(permission: Permission): AdminRouteHandle {
  return { permission };
}
/** An admin route every administrator may open (their own settings). */
const everyAdministrator: AdminRouteHandle = { permission: null };

/** Every screen of the app and the guards and layouts around them. */
export const routes: RouteObject[] = [
  {
    // On a direct load the router fetches the lazy screen's code before it renders anything;
    // this is what shows meanwhile (without it React Router warns on every such load).
    HydrateFallback: FullPageSpinner,
    children: [
      {
        element: <PublicLayout />,
        children: [
          { path: '/', element: <LandingPage /> },
          { path: '/ref/:refCode', lazy: page(() => import('./routes/auth/referral-landing')) },
          {
            element: <RedirectSignedIn />,
            children: [
              { path: '/signin', lazy: page(() => import('./routes/auth/signin')) },
              { path: '/register', lazy: page(() => import('./routes/auth/register')) },
            ],
          },
          { path: '/forgot-password', lazy: page(() => import('./routes/auth/forgot-password')) },
          { path: '/reset-password', lazy: page(() => import('./routes/auth/reset-password')) },
          // Public: the invited administrator has no account yet.
          { path: '/admin/invitation', lazy: page(() => import('./routes/auth/admin-invitation')) },
          { path: '/verify-email', lazy: page(() => import('./routes/auth/verify-email')) },
          { path: '/unsubscribe', lazy: page(() => import('./routes/unsubscribe')) },
          {
            element: <RequireOnboarding />,
            children: [{ path: '/onboarding', lazy: page(() => import('./routes/onboarding')) }],
          },
          { path: '*', lazy: page(() => import('./routes/not-found')) },
        ],
      },
      {
        element: <RequireMember />,
        children: [
          {
            lazy: memberLayout,
            children: [
              { path: '/dashboard', lazy: page(() => import('./routes/member/dashboard')) },
              { path: '/referrals', lazy: page(() => import('./routes/member/referrals')) },
              { path: '/rewards', lazy: page(() => import('./routes/member/rewards')) },
              { path: '/user-tree', lazy: page(() => import('./routes/member/user-tree')) },
              { path: '/profile', lazy: page(() => import('./routes/member/profile')) },
              { path: '/settings', lazy: page(() => import('./routes/member/profile')) },
              { path: '/support', lazy: page(() => import('./routes/member/support')) },
            ],
          },
        ],
      },
      {
        element: <RequireAdmin />,
        children: [
          {
            lazy: adminLayout,
            children: [
              {
                lazy: requirePermission,
                children: [
                  { path: '/admin', handle: everyAdministrator, element: <Navigate to="/admin/dashboard" replace /> },
                  {
                    path: '/admin/dashboard',
                    handle: needs('dashboard.read'),
                    lazy: page(() => import('./routes/admin/dashboard')),
                  },
                  {
                    path: '/admin/users',
                    handle: needs('members.read'),
                    lazy: page(() => import('./routes/admin/users')),
                  },
                  {
                    path: '/admin/users/:id',
                    handle: needs('members.read'),
                    lazy: page(() => import('./routes/admin/user-detail')),
                  },
                  {
                    path: '/admin/withdrawals',
                    handle: needs('withdrawals.read'),
                    lazy: page(() => import('./routes/admin/withdrawals')),
                  },
                  {
                    path: '/admin/withdrawals/:id',
                    handle: needs('withdrawals.read'),
                    lazy: page(() => import('./routes/admin/withdrawal-detail')),
                  },
                  {
                    path: '/admin/withdrawals/batches',
                    handle: needs('payouts.read'),
                    element: <Navigate to="/admin/withdrawals?tab=batches" replace />,
                  },
                  {
                    path: '/admin/withdrawals/batches/:id',
                    handle: needs('payouts.read'),
                    lazy: page(() => import('./routes/admin/payout-batch-detail')),
                  },
                  {
                    path: '/admin/risk',
                    handle: needs('risk.read'),
                    lazy: page(() => import('./routes/admin/risk')),
                  },
                  {
                    path: '/admin/rewards',
                    handle: needs('rewards.read'),
                    lazy: page(() => import('./routes/admin/rewards')),
                  },
                  {
                    path: '/admin/user-reports',
                    handle: needs('reports.read'),
                    lazy: page(() => import('./routes/admin/user-reports')),
                  },
                  {
                    path: '/admin/mail',
                    handle: needs('mail.read'),
                    lazy: page(() => import('./routes/admin/mail')),
                  },
                  {
                    path: '/admin/audit-log',
                    handle: needs('audit.read'),
                    lazy: page(() => import('./routes/admin/audit-log')),
                  },
                  {
                    path: '/admin/team',
                    handle: needs('team.manage'),
                    lazy: page(() => import('./routes/admin/team')),
                  },
                  {
                    path: '/admin/settings',
                    handle: everyAdministrator,
                    lazy: page(() => import('./routes/admin/settings')),
                  },
                ],
              },
            ],
          },
        ],
      },
    ],
  },
];

export const router = createBrowserRouter(routes);
