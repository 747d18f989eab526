import { type AdminRole, adminRoles, can } from '@uplink/contract/admin-roles';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../app';
import type { UserRow } from '../db/schema';
import { bearer, createAdministrator, fundedMember } from '../testing/builders';
import { type RegisteredRoute, routeRecorder } from '../testing/route-recorder';
import { createTestApp, type TestApp } from '../testing/test-app';

type Caller =
  | 'no token'
  | 'bad token'
  | 'member'
  | 'another member'
  | 'LOCKED member'
  | AdminRole
  | 'SUSPENDED administrator';
const callers: Caller[] = [
  'no token',
  'bad token',
  'member',
  'another member',
  'LOCKED member',
  ...adminRoles,
  'SUSPENDED administrator',
];

type Outcome = number | 'allowed' | 'forbidden' | 'not found or forbidden';

/**
 * What each caller must get from a route. `allowed`: anything but a refusal of access or a crash
 * (a 400 for the empty body, a 503 where no chain is configured, a 403 of the route's own rules
 * such as four eyes, are answers); `forbidden`: 403 FORBIDDEN. An administrator is refused an
 * admin route exactly where the contract's table denies their role its permission.
 */
function expected(route: RegisteredRoute, caller: Caller): Outcome {
  if (caller === 'no token' || caller === 'bad token' || caller === 'SUSPENDED administrator') return 401;
  if (caller === 'LOCKED member') return 423;
  if (route.access === 'member') return caller === 'another member' ? 'not found or forbidden' : 'allowed';
  if (caller === 'member' || caller === 'another member') return 'forbidden';
  if (!route.permission) throw new Error(`${route.method} ${route.url} declares no permission`);
  return can(caller, route.permission) ? 'allowed' : 'forbidden';
}

/**
 * Every API route the app registers (found by registration, not listed by hand) × every kind of
 * caller, each administrator role among them → the status it must get. A route added later
 * without its guard, or with the wrong one or the wrong permission, fails here. "Another member" calls the route with the first member's own id in every path
 * parameter: a member route must not answer it (403 or 404), whatever the resource.
 */
describe('the authorization matrix of every API route', () => {
  let t: TestApp;
  let app: FastifyInstance;
  let routes: RegisteredRoute[];
  const tokens = {} as Record<Exclude<Caller, 'no token'>, string>;
  let owner: UserRow;

  beforeAll(async () => {
    t = await createTestApp();
    const recorder = routeRecorder();
    app = await buildApp({ config: t.config, db: t.database.db, logger: false, onRoute: recorder.onRoute });
    await app.ready();
    routes = recorder.apiRoutes().filter((route) => route.access !== 'public');
    owner = await fundedMember(t.database.db, '10');
    const other = await fundedMember(t.database.db, '10');
    const locked = await fundedMember(t.database.db, '10');
    const suspended = await createAdministrator(t.database.db, 'OWNER');
    const sign = (member: UserRow) => app.context.sessionTokens.sign(member.id);
    tokens['bad token'] = `${await sign(owner)}x`;
    tokens.member = await sign(owner);
    tokens['another member'] = await sign(other);
    tokens['LOCKED member'] = await sign(locked);
    for (const role of adminRoles) tokens[role] = await sign(await createAdministrator(t.database.db, role));
    tokens['SUSPENDED administrator'] = await sign(suspended);
    await t.database.db.updateTable('users').set({ status: 'LOCKED' }).where('id', '=', locked.id).execute();
    await t.database.db
      .updateTable('users')
      .set({ admin_status: 'SUSPENDED' })
      .where('id', '=', suspended.id)
      .execute();
  }, 180_000);
  afterAll(async () => {
    await app?.close();
    await t?.close();
  });

  it('covers the whole API, each route declaring member access or a permission', () => {
    expect(routes.length).toBeGreaterThan(15);
    expect(routes.filter((route) => route.access !== 'member' && !route.permission)).toEqual([]);
    // Every role is refused somewhere but OWNER: the matrix tests refusals, not only passes.
    for (const role of adminRoles.filter((role) => role !== 'OWNER')) {
      expect(routes.some((route) => route.permission && !can(role, route.permission))).toBe(true);
    }
  });

  it.each(callers)('answers %s as its access demands, on every route', async (caller) => {
    const outcomes = [];
    for (const route of routes) {
      const url = route.url.replace(/:[^/]+/g, owner.id);
      const response = await app.inject({
        method: route.method as 'GET',
        url,
        headers: caller === 'no token' ? {} : bearer(tokens[caller]),
        payload: route.method === 'GET' || route.method === 'DELETE' ? undefined : {},
      });
      const want = expected(route, caller);
      const status = response.statusCode;
      const refusedAccess = status === 403 && response.json().errorCode === 'FORBIDDEN';
      const satisfied =
        want === 'allowed'
          ? ![401, 423, 500].includes(status) && !refusedAccess
          : want === 'forbidden'
            ? refusedAccess
            : want === 'not found or forbidden'
              ? !url.includes(owner.id) || [403, 404].includes(status)
              : status === want;
      // What a signed-in call answers, success or refusal, is never kept by a cache.
      const cacheControl = response.headers['cache-control'];
      outcomes.push({ route: `${route.method} ${route.url}`, access: route.access, status, satisfied, cacheControl });
    }
    expect(outcomes.filter((outcome) => !outcome.satisfied || outcome.cacheControl !== 'no-store')).toEqual([]);
  });
});
