import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../app';
import type { UserRow } from '../db/schema';
import { bearer, createMember, fundedMember } from '../testing/builders';
import { type RegisteredRoute, routeRecorder } from '../testing/route-recorder';
import { createTestApp, type TestApp } from '../testing/test-app';

type Caller = 'no token' | 'bad token' | 'member' | 'another member' | 'LOCKED member' | 'administrator';
const callers: Caller[] = ['no token', 'bad token', 'member', 'another member', 'LOCKED member', 'administrator'];

/**
 * What each caller must get from a route of each access. `allowed`: anything but a refusal of
 * access or a crash (a 400 for the empty body, a 503 where no chain is configured, are answers).
 */
const expected: Record<'member' | 'admin', Record<Caller, number | 'allowed' | 'not found or forbidden'>> = {
  member: {
    'no token': 401,
    'bad token': 401,
    member: 'allowed',
    'another member': 'not found or forbidden',
    'LOCKED member': 423,
    administrator: 'allowed',
  },
  admin: {
    'no token': 401,
    'bad token': 401,
    member: 403,
    'another member': 403,
    'LOCKED member': 423,
    administrator: 'allowed',
  },
};

/**
 * Every API route the app registers (found by registration, not listed by hand) × every kind of
 * caller → the status it must get. A route added later without its guard, or with the wrong one,
 * fails here. "Another member" calls the route with the first member's own id in every path
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
    const administrator = await createMember(t.database.db, { isAdmin: true });
    const sign = (member: UserRow) => app.context.sessionTokens.sign(member.id);
    tokens['bad token'] = `${await sign(owner)}x`;
    tokens.member = await sign(owner);
    tokens['another member'] = await sign(other);
    tokens['LOCKED member'] = await sign(locked);
    tokens.administrator = await sign(administrator);
    await t.database.db.updateTable('users').set({ status: 'LOCKED' }).where('id', '=', locked.id).execute();
  }, 180_000);
  afterAll(async () => {
    await app?.close();
    await t?.close();
  });

  it('covers the whole API, each route declaring member or admin access', () => {
    expect(routes.length).toBeGreaterThan(15);
    expect(routes.filter((route) => route.access !== 'member' && route.access !== 'admin')).toEqual([]);
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
      const want = expected[route.access as 'member' | 'admin'][caller];
      const status = response.statusCode;
      const satisfied =
        want === 'allowed'
          ? ![401, 403, 423, 500].includes(status)
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
