import { beforeAll, describe, expect, it } from 'vitest';
import type { UserRow } from '../../db/schema';
import { testAppForFile } from '../../testing/app-for-file';
import { createMember } from '../../testing/builders';
import {
  adminHeaders,
  approveBatch,
  batchOf,
  exportBatch,
  secondApprovalAbove,
  seedPendingWithdrawals,
} from '../../testing/payout-builders';

/** Four eyes: a batch above PAYOUT_SECOND_APPROVAL_ABOVE (here 100 USDT) is exported only once another administrator approved it. */
describe('a second administrator approves a payout batch above the limit', () => {
  const t = testAppForFile(secondApprovalAbove('100'));
  let creator: UserRow;
  let second: UserRow;
  let third: UserRow;

  beforeAll(async () => {
    creator = await createMember(t.database.db, { isAdmin: true });
    second = await createMember(t.database.db, { isAdmin: true, firstName: 'Second' });
    third = await createMember(t.database.db, { isAdmin: true });
  });

  const approve = (batchId: string, caller: UserRow) => approveBatch(t.app, caller, batchId);
  const exportOf = (batchId: string) => exportBatch(t.app, creator, batchId);

  it('refuses the export of a batch above the limit until a second administrator approves it', async () => {
    const member = await createMember(t.database.db);
    const batchId = await batchOf(t.app, creator, await seedPendingWithdrawals(t.database.db, member, ['60', '40.01']));
    const before = await t.app.inject({
      method: 'GET',
      url: `/api/withdrawals/admin/batches/${batchId}`,
      headers: adminHeaders(t.app, creator),
    });
    expect(before.json().data.batch).toMatchObject({
      total: 100.01,
      approval: { required: true, approvedBy: null },
      exportable: false,
    });
    const refused = await exportOf(batchId);
    expect(refused.statusCode).toBe(409);
    expect(refused.json().errorCode).toBe('PAYOUT_APPROVAL_REQUIRED');

    const byCreator = await approve(batchId, creator);
    expect(byCreator.statusCode).toBe(403);
    expect(byCreator.json().errorCode).toBe('PAYOUT_APPROVAL_BY_CREATOR');
    expect((await exportOf(batchId)).statusCode).toBe(409);

    t.clock.set(new Date('2026-11-26T12:00:00Z'));
    const approved = await approve(batchId, second);
    expect(approved.statusCode).toBe(200);
    expect(approved.json().data).toMatchObject({
      approval: {
        required: true,
        approvedBy: { _id: second.id, name: 'Second Lovelace', email: second.email },
        approvedAt: '2026-11-26T12:00:00.000Z',
      },
      exportable: true,
    });
    expect((await exportOf(batchId)).statusCode).toBe(200);

    // Idempotent: approving again, even by a third administrator, keeps the first approval and audits it once.
    t.clock.set(new Date('2026-11-26T13:00:00Z'));
    const again = await approve(batchId, third);
    expect(again.statusCode).toBe(200);
    expect(again.json().data.approval).toMatchObject({
      approvedBy: { _id: second.id },
      approvedAt: '2026-11-26T12:00:00.000Z',
    });
    const audits = await t.database.db
      .selectFrom('audit_log')
      .selectAll()
      .where('target_id', '=', batchId)
      .where('action', '=', 'PAYOUT_BATCH_APPROVED')
      .execute();
    expect(audits).toHaveLength(1);
    expect(audits[0]).toMatchObject({ actor_id: second.id, after: { withdrawals: 2, total: '100.01000000' } });
  });

  it('needs no approval at or under the limit', async () => {
    const member = await createMember(t.database.db);
    const batchId = await batchOf(t.app, creator, await seedPendingWithdrawals(t.database.db, member, ['60', '40']));
    expect((await exportOf(batchId)).statusCode).toBe(200);
  });

  it('answers an unknown batch with 404, and a member with 403 (nothing approved)', async () => {
    expect((await approve(crypto.randomUUID(), second)).json().errorCode).toBe('PAYOUT_BATCH_NOT_FOUND');
    const member = await createMember(t.database.db);
    const batchId = await batchOf(t.app, creator, await seedPendingWithdrawals(t.database.db, member, ['500']));
    expect((await approve(batchId, member)).statusCode).toBe(403);
    const row = await t.database.db
      .selectFrom('payout_batches')
      .select('approved_by')
      .where('id', '=', batchId)
      .executeTakeFirstOrThrow();
    expect(row.approved_by).toBeNull();
  });
});
