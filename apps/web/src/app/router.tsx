import type { Permission } from '@uplink/contract/admin-roles';
import type { ReactNode } from 'react';
import { lazyComponent } from '../components/route-table';
import { Navigate, type RouteObject } from '../lib/router/router';
import { RedirectSignedIn, RequireAdmin, RequireMember, RequireOnboarding } from './guards';

/** A route module's default export, loaded in its own chunk on first visit. */
function page(load: () => Promise<{ default: React.ComponentType }>): ReactNode {
  const Screen = lazyComponent(async () => (await load()).default);
  return <Screen />;
}

/**
 * The public frame (navigation bar over the landing hero, footer) of the landing, auth and
 * onboarding pages, in its own chunk like the screens: a member page does not download it nor
 * the landing page's sections.
 */
const PublicLayout = lazyComponent(async () => (await import('../components/layouts/public-layout')).PublicLayout);

/**
 * The member's and the administrators' frames (sidebars, their icons and navigation), loaded in
 * their own chunks beside the screen inside them: a visitor of `/` downloads neither.
 */
const MemberLayout = lazyComponent(async () => (await import('../components/layouts/member-layout')).MemberLayout);
const AdminLayout = lazyComponent(async () => (await import('../components/layouts/admin-layout')).AdminLayout);
/** The administrators' permission guard, with the forbidden page: admin code, loaded beside their frame. */
const RequirePermission = lazyComponent(async () => (await import('./admin-guards')).RequirePermission);

/**
 * An admin screen and what it needs, as the server's admin routes declare it: one of the contract's
 * permissions, or `null` for what every administrator may open (their own settings).
 */
interface AdminScreen {
  path: string;
  permission: Permission | null;
  element: ReactNode;
}

/**
 * The admin screens behind the permission guard. The permission is required: forgetting it must not
 * open a page to every role.
 */
function adminScreens(screens: AdminScreen[]): RouteObject[] {
  return screens.map(({ path, permission, element }) => ({
    path,
    element: <RequirePermission permission={permission}>{element}</RequirePermission>,
  }));
}

/** Every screen of the app and the guards and layouts around them. */
export const routes: RouteObject[] = [
  {
    element: <PublicLayout />,
    children: [
      { path: '/', element: page(() => import('./routes/landing')) },
      { path: '/ref/:refCode', element: page(() => import('./routes/auth/referral-landing')) },
      {
        element: <RedirectSignedIn />,
        children: [
          { path: '/signin', element: page(() => import('./routes/auth/signin')) },
          { path: '/register', element: page(() => import('./routes/auth/register')) },
        ],
      },
      { path: '/forgot-password', element: page(() => import('./routes/auth/forgot-password')) },
      { path: '/reset-password', element: page(() => import('./routes/auth/reset-password')) },
      // Public: the invited administrator has no account yet.
      { path: '/admin/invitation', element: page(() => import('./routes/auth/admin-invitation')) },
      { path: '/verify-email', element: page(() => import('./routes/auth/verify-email')) },
      { path: '/unsubscribe', element: page(() => import('./routes/unsubscribe')) },
      {
        element: <RequireOnboarding />,
        children: [{ path: '/onboarding', element: page(() => import('./routes/onboarding')) }],
      },
      { path: '*', element: page(() => import('./routes/not-found')) },
    ],
  },
  {
    element: <RequireMember />,
    children: [
      {
        element: <MemberLayout />,
        children: [
          { path: '/dashboard', element: page(() => import('./routes/member/dashboard')) },
          { path: '/referrals', element: page(() => import('./routes/member/referrals')) },
          { path: '/rewards', element: page(() => import('./routes/member/rewards')) },
          { path: '/user-tree', element: page(() => import('./routes/member/user-tree')) },
          { path: '/profile', element: page(() => import('./routes/member/profile')) },
          { path: '/settings', element: page(() => import('./routes/member/profile')) },
          { path: '/support', element: page(() => import('./routes/member/support')) },
        ],
      },
    ],
  },
  {
    element: <RequireAdmin />,
    children: [
      {
        element: <AdminLayout />,
        children: adminScreens([
          { path: '/admin', permission: null, element: <Navigate to="/admin/dashboard" replace /> },
          {
            path: '/admin/dashboard',
            permission: 'dashboard.read',
            element: page(() => import('./routes/admin/dashboard')),
          },
          { path: '/admin/users', permission: 'members.read', element: page(() => import('./routes/admin/users')) },
          {
            path: '/admin/users/:id',
            permission: 'members.read',
            element: page(() => import('./routes/admin/user-detail')),
          },
          {
            path: '/admin/withdrawals',
            permission: 'withdrawals.read',
            element: page(() => import('./routes/admin/withdrawals')),
          },
          {
            path: '/admin/withdrawals/:id',
            permission: 'withdrawals.read',
            element: page(() => import('./routes/admin/withdrawal-detail')),
          },
          {
            path: '/admin/withdrawals/batches',
            permission: 'payouts.read',
            element: <Navigate to="/admin/withdrawals?tab=batches" replace />,
          },
          {
            path: '/admin/withdrawals/batches/:id',
            permission: 'payouts.read',
            element: page(() => import('./routes/admin/payout-batch-detail')),
          },
          { path: '/admin/risk', permission: 'risk.read', element: page(() => import('./routes/admin/risk')) },
          { path: '/admin/rewards', permission: 'rewards.read', element: page(() => import('./routes/admin/rewards')) },
          {
            path: '/admin/user-reports',
            permission: 'reports.read',
            element: page(() => import('./routes/admin/user-reports')),
          },
          { path: '/admin/mail', permission: 'mail.read', element: page(() => import('./routes/admin/mail')) },
          {
            path: '/admin/audit-log',
            permission: 'audit.read',
            element: page(() => import('./routes/admin/audit-log')),
          },
          { path: '/admin/team', permission: 'team.manage', element: page(() => import('./routes/admin/team')) },
          { path: '/admin/settings', permission: null, element: page(() => import('./routes/admin/settings')) },
        ]),
      },
    ],
  },
];
