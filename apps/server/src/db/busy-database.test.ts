import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { bearer, createMember } from '../testing/builders';
import { createTestApp, type TestApp } from '../testing/test-app';
import { createTestDatabase } from '../testing/test-database';
import type { DatabaseHandle } from './database';

/**
 * Holds every connection of the pool (the embedded database has one, PostgreSQL ten) in open
 * transactions until `release()`, as a slow or stuck request would.
 */
async function holdEveryConnection(database: DatabaseHandle) {
  let release = () => {};
  const released = new Promise<void>((resolve) => {
    release = resolve;
  });
  const connections = database.pool.options.max;
  let holding = 0;
  let allHeld = () => {};
  const everyOneHeld = new Promise<void>((resolve) => {
    allHeld = resolve;
  });
  const holders = Array.from({ length: connections }, () =>
    database.db.transaction().execute(async () => {
      holding += 1;
      if (holding === connections) allHeld();
      await released;
    }),
  );
  await everyOneHeld;
  return {
    async release() {
      release();
      await Promise.all(holders);
    },
  };
}

/** Polls (no clock involved) until `count` statements wait for a connection. */
async function untilWaiting(database: DatabaseHandle, count: number): Promise<void> {
  while (database.pool.waitingCount < count) await new Promise((resolve) => setImmediate(resolve));
}

describe('requests while every database connection is busy', () => {
  let t: TestApp;
  let token: string;
  let email: string;
  let hold: { release(): Promise<void> } | undefined;
  beforeAll(async () => {
    t = await createTestApp();
    const member = await createMember(t.database.db);
    email = member.email;
    token = t.app.context.sessionTokens.sign(member.id);
  });
  afterEach(() => hold?.release());
  afterAll(() => t?.close());

  it('queue and are answered once the connection is free again, none refused', async () => {
    hold = await holdEveryConnection(t.database);
    let answeredSoFar = 0;
    const requests = Array.from({ length: 20 }, () =>
      t.app.inject({ method: 'GET', url: '/api/users/profile', headers: bearer(token) }).finally(() => {
        answeredSoFar += 1;
      }),
    );
    // Their session checks share statements (http/caller-view.ts): one waits for the connection,
    // and a few turns of the loop later every request has reached its check and waits behind it.
    await untilWaiting(t.database, 1);
    for (let turn = 0; turn < 50; turn += 1) await new Promise((resolve) => setImmediate(resolve));
    expect(answeredSoFar).toBe(0);
    await hold.release();
    hold = undefined;
    const answers = await Promise.all(requests);
    expect(answers.map((answer) => [answer.statusCode, answer.json().data?.email])).toEqual(
      requests.map(() => [200, email]),
    );
  });
});

describe('requests when the database stays busy past DATABASE_WAIT_TIMEOUT_MS', () => {
  let database: DatabaseHandle;
  let t: TestApp;
  let token: string;
  let hold: { release(): Promise<void> } | undefined;
  beforeAll(async () => {
    // A short wait, so the refusal comes quickly; the holder keeps the connection until it has.
    database = await createTestDatabase({ waitTimeoutMs: 200 });
    t = await createTestApp({}, { depositChain: null }, database);
    const member = await createMember(database.db);
    token = t.app.context.sessionTokens.sign(member.id);
  });
  afterEach(() => hold?.release());
  afterAll(() => t?.close());

  it('are refused with 503 and Retry-After instead of hanging, and served again afterwards', async () => {
    hold = await holdEveryConnection(database);
    const refused = await Promise.all([
      t.app.inject({ method: 'GET', url: '/api/users/profile', headers: bearer(token) }),
      t.app.inject({ method: 'GET', url: '/api/readyz' }),
    ]);
    for (const answer of refused) {
      expect(answer.statusCode).toBe(503);
      expect(answer.json()).toMatchObject({ success: false, errorCode: 'SERVICE_UNAVAILABLE' });
    }
    expect(refused[0]?.headers['retry-after']).toBe('5');
    await hold.release();
    hold = undefined;

    const served = await t.app.inject({ method: 'GET', url: '/api/users/profile', headers: bearer(token) });
    expect(served.statusCode).toBe(200);
  });
});
