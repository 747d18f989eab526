import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { render } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { type MemberProfile, memberProfileSchema } from '@uplink/contract/accounts';
import { storageKeys } from '@uplink/contract/constants';
import type { ReactNode } from 'react';
import { createMemoryRouter, type RouteObject, RouterProvider, useLocation } from 'react-router';
import { AuthProvider } from '../lib/auth';
import { onApi } from './api-server';

/** Stands for every other screen: tells where the app went and with what state. */
function ElsewhereScreen() {
  const location = useLocation();
  return (
    <output aria-label="Elsewhere">
      {location.pathname} {JSON.stringify(location.state ?? null)}
    </output>
  );
}

/** Where a render starts: the address, or the address with the navigation state a screen arrived with. */
type Arrival = string | { pathname: string; state: unknown };

/**
 * Renders a route table as the app does (query cache, session, router) at `at`, signed in as
 * `signedInAs` when given. Returns the user-event driver to click and type with, and the router.
 */
export function renderRoutes(routes: RouteObject[], { at, signedInAs }: { at: Arrival; signedInAs?: MemberProfile }) {
  if (signedInAs) {
    localStorage.setItem(storageKeys.token, 'session-token');
    onApi('get', '/users/profile', { response: memberProfileSchema }, () => signedInAs);
  }
  const queryClient = new QueryClient({ defaultOptions: { queries: { retry: false }, mutations: { retry: false } } });
  const router = createMemoryRouter(routes, { initialEntries: [at] });
  render(
    <QueryClientProvider client={queryClient}>
      <AuthProvider>
        <RouterProvider router={router} />
      </AuthProvider>
    </QueryClientProvider>,
  );
  return { user: userEvent.setup(), router };
}

/**
 * Renders a screen as the app does at `at`, matched by `path`, signed in as `signedInAs` when
 * given; any other address renders "Elsewhere".
 */
export function renderScreen(
  screen: ReactNode,
  {
    path = '/',
    at = path,
    signedInAs,
  }: {
    path?: string;
    at?: Arrival;
    signedInAs?: MemberProfile;
  } = {},
) {
  return renderRoutes(
    [
      { path, element: screen },
      { path: '*', element: <ElsewhereScreen /> },
    ],
    { at, signedInAs },
  );
}
