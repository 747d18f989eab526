import { sql } from 'kysely';
import { beforeAll, describe, expect, it } from 'vitest';
import type { UserRow } from '../../db/schema';
import { adminTestAppForFile } from '../../testing/app-for-file';
import { createMember } from '../../testing/builders';
import { createBatch, decide, seedPendingWithdrawals } from '../../testing/payout-builders';
import { findLedgerDiscrepancies } from '../ledger/ledger-repository';

/**
 * Batches created at the same moment as other batches and as rejections, on PostgreSQL (the
 * embedded database runs one statement at a time, so nothing there can interleave).
 */
describe.skipIf(!process.env.TEST_DATABASE_URL)('payout batches under races (PostgreSQL)', () => {
  const { t, admin: first } = adminTestAppForFile();
  let second: UserRow;

  beforeAll(async () => {
    second = await createMember(t.database.db, { isAdmin: true });
  });

  const amounts = (count: number) => Array.from({ length: count }, (_, index) => `${index + 1}.25`);

  /** The open lines of these withdrawals, as (withdrawal, batch). */
  const openLines = async (ids: string[]) =>
    t.database.db
      .selectFrom('payout_batch_withdrawals')
      .select(['withdrawal_id', 'batch_id'])
      .where('withdrawal_id', 'in', ids)
      .where('left_at', 'is', null)
      .execute();

  it('puts each of 50 withdrawals two administrators batch at once in exactly one batch; the other is refused', async () => {
    for (let round = 0; round < 5; round += 1) {
      const member = await createMember(t.database.db);
      const ids = await seedPendingWithdrawals(t.database.db, member, amounts(50));
      const answers = await Promise.all([
        createBatch(t.app, first, { withdrawalIds: ids }),
        createBatch(t.app, second, { withdrawalIds: [...ids].reverse() }),
      ]);
      const statuses = answers.map((answer) => answer.statusCode).sort();
      expect(statuses, answers.map((answer) => answer.body).join('\n')).toEqual([200, 409]);
      const loser = answers.find((answer) => answer.statusCode === 409);
      expect(loser?.json().errorCode).toBe('WITHDRAWAL_ALREADY_BATCHED');
      expect(loser?.json().data.errors.length).toBeGreaterThan(0);
      const winner = answers.find((answer) => answer.statusCode === 200)?.json().data;
      expect(winner).toMatchObject({ count: 50 });
      const lines = await openLines(ids);
      expect(lines).toHaveLength(50);
      expect(new Set(lines.map((line) => line.batch_id))).toEqual(new Set([winner._id]));
    }
  }, 120_000);

  it('gives overlapping selections and filters each withdrawal once, whoever wins', async () => {
    const member = await createMember(t.database.db, { email: 'race.filter@example.test' });
    const ids = await seedPendingWithdrawals(t.database.db, member, amounts(50));
    const answers = await Promise.all([
      createBatch(t.app, first, { withdrawalIds: ids.slice(0, 30) }),
      createBatch(t.app, second, { withdrawalIds: ids.slice(20) }),
      createBatch(t.app, second, { filter: { search: 'race.filter' } }),
    ]);
    expect(answers.every((answer) => [200, 409].includes(answer.statusCode))).toBe(true);
    const lines = await openLines(ids);
    expect(new Set(lines.map((line) => line.withdrawal_id)).size).toBe(lines.length);
    expect(lines.length).toBeGreaterThanOrEqual(30);
    const created = answers.filter((answer) => answer.statusCode === 200).map((answer) => answer.json().data);
    expect(created.reduce((sum, batch) => sum + batch.count, 0)).toBe(lines.length);
  }, 120_000);

  it('leaves no rejected or blocked withdrawal in an open line when batches race the rejections', async () => {
    for (let round = 0; round < 5; round += 1) {
      const member = await createMember(t.database.db);
      const ids = await seedPendingWithdrawals(t.database.db, member, amounts(50));
      const rejected = ids.filter((_, index) => index % 2 === 0);
      const [batchById, batchByFilter, ...decisions] = await Promise.all([
        createBatch(t.app, first, { withdrawalIds: ids }),
        createBatch(t.app, second, { filter: { search: member.email } }),
        ...rejected.map((id, index) =>
          decide(t.app, second, id, {
            status: index % 3 === 0 ? 'BLOCKED_COMPLIANCE' : 'REJECTED',
            reason: 'Raced',
          }),
        ),
      ]);
      expect(decisions.map((answer) => answer.statusCode)).toEqual(rejected.map(() => 200));
      for (const answer of [batchById, batchByFilter]) {
        expect([200, 409], answer?.body).toContain(answer?.statusCode);
      }
      const { rows } = await sql<{ stranded: number }>`
        SELECT count(*)::int AS stranded
          FROM payout_batch_withdrawals l JOIN withdrawals w ON w.id = l.withdrawal_id
         WHERE l.left_at IS NULL AND w.status IN ('REJECTED', 'BLOCKED_COMPLIANCE')`.execute(t.database.db);
      expect(rows[0]?.stranded).toBe(0);
      // Every pending withdrawal of the member is in at most one open batch.
      const lines = await openLines(ids);
      expect(new Set(lines.map((line) => line.withdrawal_id)).size).toBe(lines.length);
    }
    expect(await findLedgerDiscrepancies(t.database.db)).toEqual([]);
  }, 180_000);
});
