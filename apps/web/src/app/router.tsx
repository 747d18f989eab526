import { createBrowserRouter, Navigate } from 'react-router';
import { FullPageSpinner } from '../components/full-page-spinner';
import { AdminLayout } from '../components/layouts/admin-layout';
import { MemberLayout } from '../components/layouts/member-layout';
import { PublicLayout } from '../components/layouts/public-layout';
import { RedirectSignedIn, RequireAdmin, RequireMember, RequireOnboarding } from './guards';
import LandingPage from './routes/landing';

/** A route module's default export, loaded in its own chunk on first visit. */
function page(load: () => Promise<{ default: React.ComponentType }>) {
  return async () => ({ Component: (await load()).default });
}

export const router = createBrowserRouter([
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
            element: <MemberLayout />,
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
            element: <AdminLayout />,
            children: [
              { path: '/admin', element: <Navigate to="/admin/dashboard" replace /> },
              { path: '/admin/dashboard', lazy: page(() => import('./routes/admin/dashboard')) },
              { path: '/admin/users', lazy: page(() => import('./routes/admin/users')) },
              { path: '/admin/users/:id', lazy: page(() => import('./routes/admin/user-detail')) },
              { path: '/admin/withdrawals', lazy: page(() => import('./routes/admin/withdrawals')) },
              { path: '/admin/withdrawals/:id', lazy: page(() => import('./routes/admin/withdrawal-detail')) },
              {
                path: '/admin/withdrawals/batches',
                element: <Navigate to="/admin/withdrawals?tab=batches" replace />,
              },
              {
                path: '/admin/withdrawals/batches/:id',
                lazy: page(() => import('./routes/admin/payout-batch-detail')),
              },
              { path: '/admin/risk', lazy: page(() => import('./routes/admin/risk')) },
              { path: '/admin/rewards', lazy: page(() => import('./routes/admin/rewards')) },
              { path: '/admin/user-reports', lazy: page(() => import('./routes/admin/user-reports')) },
              { path: '/admin/audit-log', lazy: page(() => import('./routes/admin/audit-log')) },
              { path: '/admin/settings', lazy: page(() => import('./routes/admin/settings')) },
            ],
          },
        ],
      },
    ],
  },
]);
