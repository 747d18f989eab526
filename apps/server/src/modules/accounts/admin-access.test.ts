import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../../app';
import { createTestApp, type TestApp } from '../../testing/test-app';
import { createTestDatabase } from '../../testing/test-database';
import { bearer, createMember, signIn } from './account-builders';

interface RouteEntry {
  method: string;
  url: string;
}

/** Every administrator route of the app: paths with an `/admin` segment under /api, and the status change. */
function adminRoutes(app: FastifyInstance): RouteEntry[] {
  const routes: RouteEntry[] = [];
  const tree = app.printRoutes({ commonPrefix: false });
  for (const line of tree.split('\n')) {
    const match = line.match(/(\/api\/\S*) \(([^)]+)\)/);
    if (!match?.[1] || !match[2]) continue;
    const path = match[1];
    if (!/\/admin(\/|$)/.test(path) && !/^\/api\/users\/:[^/]+\/status$/.test(path)) continue;
    for (const method of match[2].split(',').map((name) => name.trim())) {
      if (method === 'HEAD' || method === 'OPTIONS') continue;
      routes.push({ method, url: path.replace(/:[^/]+/g, '00000000-0000-4000-8000-000000000000') });
    }
  }
  return routes;
}

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t?.close());

describe('administrator routes refuse members', () => {
  let memberToken: string;
  beforeAll(async () => {
    const member = await createMember(t.database.db);
    memberToken = await signIn(t.app, member.email);
  });

  it('answers 403 FORBIDDEN to a member and 401 UNAUTHORIZED without a token on every /admin route', async () => {
    const routes = adminRoutes(t.app);
    for (const route of routes) {
      const asMember = await t.app.inject({
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
      const anonymous = await t.app.inject({ method: route.method as 'GET', url: route.url });
      expect({ ...route, status: anonymous.statusCode }).toEqual({ ...route, status: 401 });
    }
  });
});

describe('the administrator guard itself', () => {
  let app: FastifyInstance;
  let close: () => Promise<void>;
  let memberToken: string;
  let adminToken: string;
  beforeAll(async () => {
    // A probe route behind `requireAdmin`, so the guard is proven even before any /admin route exists.
    const database = await createTestDatabase();
    const config = { ...t.config };
    app = await buildApp({ config, db: database.db, logger: false });
    app.get('/api/users/admin/probe', { preHandler: app.requireAdmin }, async () => ({ success: true }));
    await app.ready();
    close = async () => {
      await app.close();
      await database.close();
    };
    const member = await createMember(database.db);
    const admin = await createMember(database.db, { isAdmin: true });
    memberToken = await signIn(app, member.email);
    adminToken = await signIn(app, admin.email);
  });
  afterAll(() => close?.());

  it('is found by the route enumeration', () => {
    expect(adminRoutes(app)).toContainEqual({ method: 'GET', url: '/api/users/admin/probe' });
  });

  it('lets an administrator through and refuses members and visitors', async () => {
    const asAdmin = await app.inject({ method: 'GET', url: '/api/users/admin/probe', headers: bearer(adminToken) });
    expect(asAdmin.statusCode).toBe(200);
    const asMember = await app.inject({ method: 'GET', url: '/api/users/admin/probe', headers: bearer(memberToken) });
    expect(asMember.statusCode).toBe(403);
    expect(asMember.json()).toMatchObject({ success: false, errorCode: 'FORBIDDEN' });
    const anonymous = await app.inject({ method: 'GET', url: '/api/users/admin/probe' });
    expect(anonymous.statusCode).toBe(401);
    expect(anonymous.json().errorCode).toBe('UNAUTHORIZED');
  });
});
