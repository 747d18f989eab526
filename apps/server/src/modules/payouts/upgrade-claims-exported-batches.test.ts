import { sql } from 'kysely';
import { describe, expect, it } from 'vitest';
import { migrateToLatest, migrateUpTo } from '../../db/migrator';
import { adminTestAppForFile } from '../../testing/app-for-file';
import { createMember, sessionHeaders } from '../../testing/builders';
import { batchOf, decide, seedPendingWithdrawals } from '../../testing/payout-builders';

/**
 * Issue 42: a batch downloaded 19 times under the release before payment claims (migration 0141)
 * was OPEN and unclaimed after the upgrade, its withdrawals free to be rejected, batched or paid
 * again while its files could still be paid in Safe. That release kept a download only as an
 * audit row; migration 0230 claims such a batch as its first download would claim it now.
 */
describe('upgrading a database with a batch exported under the previous release', () => {
  const { t, admin } = adminTestAppForFile();

  it('claims the batch from its first download: under way, its withdrawals held until paid or released', async () => {
    const db = t.database.db;
    const member = await createMember(db);
    const withdrawals = await seedPendingWithdrawals(db, member, ['12.50', '7.25', '3.00']);
    const batchId = await batchOf(t.app, admin, withdrawals);

    // The schema of the previous release (no payment claims), and what it recorded of 19 downloads.
    await migrateUpTo(db, '0140-reward-cycle-sums');
    const firstDownload = new Date('2026-11-28T09:15:00Z');
    for (let download = 0; download < 19; download += 1) {
      await sql`
        INSERT INTO audit_log (actor_id, action, target_type, target_id, after, created_at)
        VALUES (${admin.id}, 'PAYOUT_BATCH_EXPORTED', 'PAYOUT_BATCH', ${batchId},
                ${JSON.stringify({ format: 'safe-csv', withdrawals: 3, total: '22.75' })}::jsonb,
                ${new Date(firstDownload.getTime() + download * 60_000)})`.execute(db);
    }
    await sql`
      INSERT INTO chain_scan_cursors (name, last_block, last_block_hash)
      VALUES ('usdt-treasury:56:0x55d398326f99059ff775485246999027b3197955', 45000000, NULL)`.execute(db);

    const applied = await migrateToLatest(db);
    expect(applied).toContain('0230-claim-batches-exported-before');

    const batch = await db.selectFrom('payout_batches').selectAll().where('id', '=', batchId).executeTakeFirstOrThrow();
    expect(batch).toMatchObject({ payment_claimed_at: firstDownload, payment_claimed_by: admin.id });
    expect(String(batch.payment_claim_block)).toBe('45000000');
    const claimed = await db
      .selectFrom('withdrawals as w')
      .innerJoin('payout_batch_withdrawals as l', 'l.withdrawal_id', 'w.id')
      .select(['w.id', 'w.payment_claim_batch', 'w.payment_claimed_at', 'l.claim_position'])
      .where('l.batch_id', '=', batchId)
      .orderBy('l.position')
      .execute();
    expect(claimed).toEqual(
      withdrawals.map((id, index) => ({
        id,
        payment_claim_batch: batchId,
        payment_claimed_at: firstDownload,
        claim_position: index + 1,
      })),
    );
    const exports = await db.selectFrom('payout_batch_exports').selectAll().where('batch_id', '=', batchId).execute();
    expect(exports).toEqual([
      { batch_id: batchId, exported_by: admin.id, exported_at: firstDownload, total: '22.75000000' },
    ]);

    // As the administrators see it: under way, and nothing returns a hold.
    const listed = await t.app.inject({
      method: 'GET',
      url: `/api/withdrawals/admin/batches/${batchId}`,
      headers: sessionHeaders(t.app, admin),
    });
    expect(listed.json(), listed.body).toMatchObject({ data: { batch: { status: 'PAYMENT_UNDER_WAY' } } });
    const rejected = await decide(t.app, admin, withdrawals[0] as string, {
      status: 'REJECTED',
      reason: 'changed my mind',
    });
    expect(rejected.statusCode).toBe(409);
    expect(rejected.json().errorCode).toBe('WITHDRAWAL_PAYMENT_IN_PROGRESS');
  });
});
