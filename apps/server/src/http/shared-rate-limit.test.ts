import { randomBytes } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { testAppForFile } from '../testing/app-for-file';
import { createTestApp, type TestApp } from '../testing/test-app';

const redisUrl = process.env.TEST_REDIS_URL ?? 'redis://127.0.0.1:6379';

describe('rate limits shared through Redis by several server processes', () => {
  const apps: TestApp[] = [];
  beforeAll(async () => {
    // Two app instances, as two processes behind a load balancer, with their own key prefix so
    // parallel or repeated runs never share counters.
    const shared = {
      redisUrl,
      rateLimitNamespace: `uplink-test-${randomBytes(6).toString('hex')}:`,
      rateLimits: { authPerMinute: 3, mailPerMinute: 3 },
    };
    apps.push(await createTestApp(shared), await createTestApp(shared));
  }, 180_000);
  afterAll(async () => {
    await Promise.all(apps.map((app) => app.close()));
  });

  function signIn(app: TestApp) {
    return app.app.inject({
      method: 'POST',
      url: '/api/users/login',
      payload: { email: 'nobody@uplink.test', password: 'Wrong!Pass123' },
    });
  }

  it('counts requests to either process against one budget', async () => {
    const [first, second] = apps as [TestApp, TestApp];
    const statuses = [];
    for (const app of [first, second, first]) statuses.push((await signIn(app)).statusCode);
    expect(statuses).toEqual([401, 401, 401]);

    const limited = await signIn(second);
    expect(limited.statusCode).toBe(429);
    expect(limited.json()).toMatchObject({ success: false, errorCode: 'RATE_LIMITED' });
  });
});

describe('a Redis outage', () => {
  const t = testAppForFile({ redisUrl: 'redis://127.0.0.1:1', rateLimits: { authPerMinute: 1, mailPerMinute: 1 } });

  it('does not take sign-in down: the limits fail open', async () => {
    const login = () =>
      t.app.inject({
        method: 'POST',
        url: '/api/users/login',
        payload: { email: 'nobody@uplink.test', password: 'Wrong!Pass123' },
      });
    expect((await login()).statusCode).toBe(401);
    expect((await login()).statusCode).toBe(401);
  });
});
