import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { fundedMember } from '../testing/builders';
import { createTestDatabase } from '../testing/test-database';
import type { DatabaseHandle } from './database';
import { moneyTransaction, moneyTransactionAttempts } from './money-transaction';

describe('a money transaction runs again when PostgreSQL aborts it', () => {
  let database: DatabaseHandle;

  beforeAll(async () => {
    database = await createTestDatabase();
  }, 180_000);
  afterAll(() => database?.close());

  const abort = (code: string) => Object.assign(new Error(`aborted ${code}`), { code });

  it('runs again on a deadlock or a serialization failure, a bounded number of times', async () => {
    let runs = 0;
    const answer = await moneyTransaction(database.db, async (trx) => {
      runs += 1;
      await sql`SELECT 1`.execute(trx);
      if (runs === 1) throw abort('40P01');
      if (runs === 2) throw abort('40001');
      return 'done';
    });
    expect({ answer, runs }).toEqual({ answer: 'done', runs: 3 });

    let hopeless = 0;
    await expect(
      moneyTransaction(database.db, async () => {
        hopeless += 1;
        throw abort('40P01');
      }),
    ).rejects.toMatchObject({ code: '40P01' });
    expect(hopeless).toBe(moneyTransactionAttempts);
  });

  it('never runs again on any other error', async () => {
    let runs = 0;
    await expect(
      moneyTransaction(database.db, async () => {
        runs += 1;
        throw abort('23514');
      }),
    ).rejects.toMatchObject({ code: '23514' });
    expect(runs).toBe(1);
  });

  it.runIf(Boolean(process.env.TEST_DATABASE_URL))(
    'two transactions locking two accounts in opposite orders both commit: the deadlock victim runs again',
    async () => {
      const [first, second] = await Promise.all([fundedMember(database.db, '10'), fundedMember(database.db, '10')]);
      const lock = (trx: Parameters<Parameters<typeof moneyTransaction>[1]>[0], id: string) =>
        sql`SELECT 1 FROM ledger_accounts WHERE user_id = ${id} FOR UPDATE`.execute(trx);
      // Both hold their first lock before either asks for its second: a deadlock every time on the first run.
      let holding = 0;
      let bothHold: () => void = () => {};
      const barrier = new Promise<void>((resolve) => {
        bothHold = resolve;
      });
      let runs = 0;
      const crosswise = (a: string, b: string) =>
        moneyTransaction(database.db, async (trx) => {
          runs += 1;
          await lock(trx, a);
          holding += 1;
          if (holding === 2) bothHold();
          await barrier;
          await lock(trx, b);
          return 'committed';
        });
      const outcomes = await Promise.all([
        crosswise(first?.id as string, second?.id as string),
        crosswise(second?.id as string, first?.id as string),
      ]);
      expect(outcomes).toEqual(['committed', 'committed']);
      expect(runs).toBe(3);
    },
  );
});
