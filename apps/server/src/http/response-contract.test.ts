import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../app';
import type { DatabaseHandle } from '../db/database';
import { bearer, createMember, signIn } from '../testing/builders';
import { testConfig } from '../testing/test-app';
import { createTestDatabase } from '../testing/test-database';
import { ok } from './envelope';

/**
 * Every answer is checked against its contract schema on the way out: one that does not match
 * fails loudly (500, logged) instead of reaching the client malformed or with extra fields.
 */
describe('an answer that does not match its contract schema', () => {
  let database: DatabaseHandle;
  beforeAll(async () => {
    database = await createTestDatabase();
  });
  afterAll(() => database?.close());

  const appAnswering = (data: unknown) =>
    buildApp({
      config: testConfig(),
      db: database.db,
      logger: false,
      // The real app, with the profile route's handler swapped for one answering `data`.
      onRoute: (route) => {
        if (route.url === '/api/users/profile' && route.method === 'GET') route.handler = async () => ok(data);
      },
    });

  it.each([
    ['a field of the wrong type', { _id: 42 }],
    ['missing fields', {}],
    ['a value outside its enumeration', { status: 'SUPERUSER' }],
  ])('is refused with 500 when it has %s', async (_case, data) => {
    const app = await appAnswering(data);
    try {
      const member = await createMember(database.db);
      const response = await app.inject({
        method: 'GET',
        url: '/api/users/profile',
        headers: bearer(await signIn(app, member.email)),
      });
      expect(response.statusCode).toBe(500);
      expect(response.json()).toEqual({
        success: false,
        message: 'Internal server error',
        data: null,
        error: 'Internal server error',
        errorCode: 'INTERNAL_SERVER_ERROR',
      });
    } finally {
      await app.close();
    }
  });
});
