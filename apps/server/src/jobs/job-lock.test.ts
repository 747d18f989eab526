import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { DatabaseHandle } from '../db/database';
import { createTestDatabase } from '../testing/test-database';
import { type JobLock, leaderJobLock, leadTryIntervalMs, processJobLock, startJobLock } from './job-lock';

/** A run of `name` that holds the lock until `finish()`. */
function heldRun(lock: JobLock, name: string) {
  let finish = () => {};
  let started = () => {};
  const running = new Promise<void>((resolve) => {
    started = resolve;
  });
  const done = lock.runExclusive(name, () => {
    started();
    return new Promise<void>((resolve) => {
      finish = resolve;
    });
  });
  return { running, done, finish: () => finish() };
}

describe('the job lock of the test database', () => {
  let database: DatabaseHandle;
  let lock: JobLock;
  beforeAll(async () => {
    database = await createTestDatabase();
    lock = startJobLock(database);
    // On PostgreSQL the lead is taken by a first try, a moment after the start.
    while (!lock.leads()) await new Promise((resolve) => setTimeout(resolve, 50));
  });
  afterAll(() => database?.close());

  it('lets the work use the database while the lock is held (the embedded database has one connection)', async () => {
    const ran = await lock.runExclusive('uses-the-database', async () => {
      await database.db.transaction().execute(async (trx) => {
        await sql`SELECT 1`.execute(trx);
      });
      await sql`SELECT 1`.execute(database.db);
    });
    expect(ran).toBe(true);
  });

  it('skips a second run of the same job while the first runs, not another job', async () => {
    const first = heldRun(lock, 'mail-outbox');
    await first.running;
    expect(await lock.runExclusive('mail-outbox', async () => {})).toBe(false);
    expect(await lock.runExclusive('deposit-scan', async () => {})).toBe(true);
    first.finish();
    expect(await first.done).toBe(true);
    expect(await lock.runExclusive('mail-outbox', async () => {})).toBe(true);
  });
});

describe.skipIf(!process.env.TEST_DATABASE_URL)('the lead of the background jobs across hosts (PostgreSQL)', () => {
  let database: DatabaseHandle;
  beforeAll(async () => {
    database = await createTestDatabase();
  });
  afterAll(() => database?.close());

  it(
    'is held by one process at a time; when it lets go, another leads within the try interval',
    async () => {
      // Two locks on one database stand for two hosts: each leads through a session of its own.
      const hostA = leaderJobLock(database.db as never, database.pool, () => {});
      await expect.poll(() => hostA.leads(), { timeout: 10_000 }).toBe(true);
      const hostB = leaderJobLock(database.db as never, database.pool, () => {});
      await new Promise((resolve) => setTimeout(resolve, 500));
      expect(hostB.leads()).toBe(false);
      expect(await hostB.runExclusive('deposit-scan', async () => {})).toBe(false);
      expect(await hostA.runExclusive('deposit-scan', async () => {})).toBe(true);

      await hostA.close();
      await expect.poll(() => hostB.leads(), { timeout: leadTryIntervalMs + 5_000, interval: 200 }).toBe(true);
      expect(await hostB.runExclusive('deposit-scan', async () => {})).toBe(true);
      await hostB.close();
    },
    leadTryIntervalMs + 20_000,
  );
});

describe('the process job lock', () => {
  it('is per lock: two databases opened in one process do not share it', async () => {
    const one = processJobLock();
    const other = processJobLock();
    const first = heldRun(one, 'subscription-expiry');
    await first.running;
    expect(await other.runExclusive('subscription-expiry', async () => {})).toBe(true);
    first.finish();
    await first.done;
  });
});
