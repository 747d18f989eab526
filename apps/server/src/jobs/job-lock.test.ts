import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { DatabaseHandle } from '../db/database';
import { createTestDatabase } from '../testing/test-database';
import { advisoryJobLock, type JobLock, processJobLock } from './job-lock';

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
  beforeAll(async () => {
    database = await createTestDatabase();
  });
  afterAll(() => database?.close());

  it('lets the work use the database while the lock is held (the embedded database has one connection)', async () => {
    const ran = await database.jobLock.runExclusive('uses-the-database', async () => {
      await database.db.transaction().execute(async (trx) => {
        await sql`SELECT 1`.execute(trx);
      });
      await sql`SELECT 1`.execute(database.db);
    });
    expect(ran).toBe(true);
  });

  it('skips a second run of the same job while the first runs, not another job', async () => {
    const first = heldRun(database.jobLock, 'mail-outbox');
    await first.running;
    expect(await database.jobLock.runExclusive('mail-outbox', async () => {})).toBe(false);
    expect(await database.jobLock.runExclusive('deposit-scan', async () => {})).toBe(true);
    first.finish();
    expect(await first.done).toBe(true);
    expect(await database.jobLock.runExclusive('mail-outbox', async () => {})).toBe(true);
  });
});

describe.skipIf(!process.env.TEST_DATABASE_URL)('the advisory job lock across server processes (PostgreSQL)', () => {
  let database: DatabaseHandle;
  beforeAll(async () => {
    database = await createTestDatabase();
  });
  afterAll(() => database?.close());

  it('keeps a job to one runner when two processes (two sessions) try it at once', async () => {
    // Two locks on one pool stand for two processes: each run holds a session of its own.
    const processA = advisoryJobLock(database.pool);
    const processB = advisoryJobLock(database.pool);
    const first = heldRun(processA, 'deposit-scan');
    await first.running;
    expect(await processB.runExclusive('deposit-scan', async () => {})).toBe(false);
    first.finish();
    expect(await first.done).toBe(true);
    expect(await processB.runExclusive('deposit-scan', async () => {})).toBe(true);
  });
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
