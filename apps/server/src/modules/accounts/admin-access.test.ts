import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../../app';
import { bearer, createMember, signIn } from '../../testing/builders';
import { type RegisteredRoute, routeRecorder } from '../../testing/route-recorder';
import { createTestApp, type TestApp } from '../../testing/test-app';

interface RouteEntry {
  method: string;
  url: string;
}

/** The one route on an administrator path open to visitors: whoever accepts an invitation has no account yet. */
const invitationAcceptance = '/api/admin/team/invitations/accept';

/** Administrator routes: paths with an `/admin` segment under /api, and the member status change. */
function isAdministratorRoute(url: string): boolean {
  if (url === invitationAcceptance) return false;
  return url.startsWith('/api/') && (/\/admin(\/|$)/.test(url) || /^\/api\/users\/:[^/]+\/status$/.test(url));
}

const withPlaceholderIds = (routes: RegisteredRoute[]): RouteEntry[] =>
  routes
    .filter((route) => isAdministratorRoute(route.url))
    .map((route) => ({
      method: route.method,
      url: route.url.replace(/:[^/]+/g, '00000000-0000-4000-8000-000000000000'),
    }));

const probe = { method: 'GET', url: '/api/users/admin/probe' };

/**
 * Every administrator route of the real app refuses members (403 FORBIDDEN) and visitors (401),
 * found by registration, not by name. The API has no administrator route yet beyond what the
 * admin issues will add, so a probe route declared `admin` keeps the list from being empty
 * and proves the enumeration finds what is registered; every real one is walked the same way.
 * Access is route metadata (`config: { access }`): every API route declares it, and a route on
 * an administrator path must declare a permission of the contract.
 */
describe('administrator routes refuse members', () => {
  let t: TestApp;
  let app: FastifyInstance;
  let routes: RouteEntry[];
  let apiRoutes: RegisteredRoute[];
  let memberToken: string;
  let adminToken: string;
  beforeAll(async () => {
    // The test app gives the configuration and the database; this app records its routes as they register.
    t = await createTestApp();
    const recorder = routeRecorder();
    app = await buildApp({ config: t.config, db: t.database.db, logger: false, onRoute: recorder.onRoute });
    app.get(probe.url, { config: { access: { permission: 'members.read' } } }, async () => ({ success: true }));
    await app.ready();
    apiRoutes = recorder.apiRoutes();
    routes = withPlaceholderIds(apiRoutes);
    memberToken = await signIn(app, (await createMember(t.database.db)).email);
    adminToken = await signIn(app, (await createMember(t.database.db, { isAdmin: true })).email);
  });
  afterAll(async () => {
    await app?.close();
    await t?.close();
  });

  it('are found by their registration, the probe among them', () => {
    expect(routes.length).toBeGreaterThan(0);
    expect(routes).toContainEqual(probe);
  });

  it('answer 403 FORBIDDEN to a member and 401 UNAUTHORIZED without a token, every one', async () => {
    expect(routes.length).toBeGreaterThan(0);
    for (const route of routes) {
      const asMember = await app.inject({
        method: route.method as 'GET',
        url: route.url,
        headers: bearer(memberToken),
        payload: route.method === 'GET' || route.method === 'DELETE' ? undefined : {},
      });
      expect({ ...route, status: asMember.statusCode, code: asMember.json().errorCode }).toEqual({
        ...route,
        status: 403,
        code: 'FORBIDDEN',
      });
      const anonymous = await app.inject({ method: route.method as 'GET', url: route.url });
      expect({ ...route, status: anonymous.statusCode, code: anonymous.json().errorCode }).toEqual({
        ...route,
        status: 401,
        code: 'UNAUTHORIZED',
      });
    }
  });

  it('each declare their access, and every route on an administrator path declares a permission', () => {
    expect(apiRoutes.length).toBeGreaterThan(10);
    expect(apiRoutes.filter((route) => !['public', 'member', 'admin'].includes(route.access ?? ''))).toEqual([]);
    const administratorPaths = apiRoutes.filter((route) => isAdministratorRoute(route.url));
    expect(administratorPaths.filter((route) => route.access !== 'admin' || !route.permission)).toEqual([]);
  });

  it('cannot be registered without an access declaration', async () => {
    const bare = await buildApp({ config: t.config, db: t.database.db, logger: false });
    try {
      expect(() => bare.get('/api/users/admin/undeclared', async () => ({ success: true }))).toThrow(
        /declares no access/,
      );
    } finally {
      await bare.close();
    }
  });

  it('cannot be registered as an admin route without a permission of the contract', async () => {
    const bare = await buildApp({ config: t.config, db: t.database.db, logger: false });
    try {
      for (const access of [{}, { permission: 'everything' }, 'admin']) {
        expect(() =>
          // @ts-expect-error: what the type refuses, registration refuses too (a route written in plain JavaScript)
          bare.get('/api/users/admin/undeclared', { config: { access } }, async () => ({ success: true })),
        ).toThrow(/declares no permission of the contract/);
      }
    } finally {
      await bare.close();
    }
  });

  it('let an administrator through', async () => {
    const asAdmin = await app.inject({ method: 'GET', url: probe.url, headers: bearer(adminToken) });
    expect(asAdmin.statusCode).toBe(200);
  });
});
