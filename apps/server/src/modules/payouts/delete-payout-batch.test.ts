import { describe, expect, it } from 'vitest';
import { adminTestAppForFile } from '../../testing/app-for-file';
import { createMember, payoutsUnverified, sessionHeaders } from '../../testing/builders';
import { auditOf, batchOf, decide, seedPendingWithdrawals, someHash } from '../../testing/payout-builders';

describe('an administrator deletes a payout batch', () => {
  const { t, admin: administrator } = adminTestAppForFile({ config: payoutsUnverified() });

  const remove = (batchId: string, caller = administrator) =>
    t.app.inject({
      method: 'DELETE',
      url: `/api/withdrawals/admin/batches/${batchId}`,
      headers: sessionHeaders(t.app, caller),
    });

  it('deletes a batch with nothing paid: its withdrawals go back to the pool, still pending; audited', async () => {
    const member = await createMember(t.database.db);
    const ids = await seedPendingWithdrawals(t.database.db, member, ['3', '4']);
    const [, rejected] = ids;
    const batchId = await batchOf(t.app, administrator, ids);
    await decide(t.app, administrator, rejected as string, { status: 'REJECTED', reason: 'Wrong network' });

    const answer = await remove(batchId);
    expect(answer.statusCode).toBe(200);
    expect(await t.database.db.selectFrom('payout_batches').select('id').where('id', '=', batchId).execute()).toEqual(
      [],
    );
    expect(
      await t.database.db
        .selectFrom('payout_batch_withdrawals')
        .select('batch_id')
        .where('batch_id', '=', batchId)
        .execute(),
    ).toEqual([]);
    const audit = await auditOf(t.database.db, batchId, 'PAYOUT_BATCH_DELETED');
    expect(audit).toMatchObject({ actor_id: administrator.id, target_type: 'PAYOUT_BATCH' });
    expect(audit.before).toMatchObject({ _id: batchId, count: 1, total: 3 });

    // Back in the pool: the pending one can be batched again.
    const again = await batchOf(t.app, administrator, [ids[0] as string]);
    expect(again).not.toBe(batchId);
  });

  it('keeps a batch with an approved withdrawal (PAYOUT_BATCH_HAS_PAYMENTS)', async () => {
    const member = await createMember(t.database.db);
    const ids = await seedPendingWithdrawals(t.database.db, member, ['5', '6']);
    const batchId = await batchOf(t.app, administrator, ids);
    await decide(t.app, administrator, ids[0] as string, { status: 'APPROVED', transactionHash: someHash() });

    const answer = await remove(batchId);
    expect(answer.statusCode).toBe(409);
    expect(answer.json().errorCode).toBe('PAYOUT_BATCH_HAS_PAYMENTS');
    const lines = await t.database.db
      .selectFrom('payout_batch_withdrawals')
      .select('withdrawal_id')
      .where('batch_id', '=', batchId)
      .execute();
    expect(lines).toHaveLength(2);
  });

  it('answers an unknown batch with 404 and a member with 403', async () => {
    expect((await remove(crypto.randomUUID())).json().errorCode).toBe('PAYOUT_BATCH_NOT_FOUND');
    expect((await remove('../../users')).statusCode).toBe(404);
    const member = await createMember(t.database.db);
    const [id] = await seedPendingWithdrawals(t.database.db, member, ['1']);
    const batchId = await batchOf(t.app, administrator, [id as string]);
    expect((await remove(batchId, member)).statusCode).toBe(403);
    expect(
      await t.database.db.selectFrom('payout_batches').select('id').where('id', '=', batchId).execute(),
    ).toHaveLength(1);
  });
});
