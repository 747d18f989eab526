import { render } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { type MemberProfile, memberProfileSchema } from '@uplink/contract/accounts';
import { storageKeys } from '@uplink/contract/constants';
import { type ReactNode, useLayoutEffect } from 'react';
import { RouterLinksProvider } from '../components/app-link';
import { RouteTable } from '../components/route-table';
import { AuthProvider } from '../lib/auth';
import { QueryClient, QueryClientProvider } from '../lib/query';
import { type Location, MemoryRouter, type RouteObject, useLocation } from '../lib/router/router';
import { routerLinks } from '../lib/router-links';
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

/** Tells where the router is each time it moves, for a test to read after clicks and redirects. */
function LocationProbe({ onChange }: { onChange: (location: Location) => void }) {
  const location = useLocation();
  useLayoutEffect(() => onChange(location), [location, onChange]);
  return null;
}

/** A query cache for a test: nothing retried, so a refusal shows at once. */
export function testQueryClient(): QueryClient {
  return new QueryClient({ defaultOptions: { queries: { retry: false }, mutations: { retry: false } } });
}

/**
 * Renders a route table as the app does (query cache, session, router) at `at`, signed in as
 * `signedInAs` when given. Returns the user-event driver to click and type with, and `location()`,
 * the address the router is at now.
 */
export function renderRoutes(
  routes: RouteObject[],
  {
    at,
    signedInAs,
    queryClient = testQueryClient(),
  }: {
    at: Arrival;
    signedInAs?: MemberProfile;
    /** The cache to render with, when a test fills it first (the app's own prefetch, say). */
    queryClient?: QueryClient;
  },
) {
  if (signedInAs) {
    localStorage.setItem(storageKeys.token, 'session-token');
    onApi('get', '/users/profile', { response: memberProfileSchema }, () => signedInAs);
  }
  let shown: Location | undefined;
  render(
    <QueryClientProvider client={queryClient}>
      <AuthProvider>
        <MemoryRouter initialEntries={[at]}>
          <LocationProbe
            onChange={(location) => {
              shown = location;
            }}
          />
          <RouterLinksProvider value={routerLinks}>
            <RouteTable routes={routes} />
          </RouterLinksProvider>
        </MemoryRouter>
      </AuthProvider>
    </QueryClientProvider>,
  );
  return { user: userEvent.setup(), location: () => shown! };
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
