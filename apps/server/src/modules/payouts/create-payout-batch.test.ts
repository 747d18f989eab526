import { maxBatchWithdrawals } from '@uplink/contract/payout-batches';
import { describe, expect, it } from 'vitest';
import { adminTestAppForFile } from '../../testing/app-for-file';
import { createMember, payoutsUnverified, sessionHeaders } from '../../testing/builders';
import {
  batchOf,
  createBatch,
  decide,
  seedPendingWithdrawals,
  seedPendingWithdrawalsWithoutTriggers,
  someHash,
} from '../../testing/payout-builders';

describe('an administrator batches withdrawals', () => {
  const { t, admin: administrator } = adminTestAppForFile({ config: payoutsUnverified() });

  const linesOf = (batchId: string) =>
    t.database.db
      .selectFrom('payout_batch_withdrawals')
      .select(['withdrawal_id', 'position'])
      .where('batch_id', '=', batchId)
      .orderBy('position')
      .execute();

  it('gathers a selection, numbered oldest request first, with its count and total, and audits it', async () => {
    const member = await createMember(t.database.db);
    const ids = await seedPendingWithdrawals(t.database.db, member, ['12.34', '0.01', '100']);
    const answer = await createBatch(t.app, administrator, { withdrawalIds: [ids[2], ids[0], ids[1]] });
    expect(answer.statusCode).toBe(200);
    const batch = answer.json().data;
    expect(batch).toMatchObject({
      status: 'OPEN',
      count: 3,
      paid: 0,
      total: 112.35,
      paidAmount: 0,
      createdBy: { _id: administrator.id, email: administrator.email },
      approval: { required: false, approvedBy: null, approvedAt: null },
      exportable: true,
    });
    expect(await linesOf(batch._id)).toEqual(ids.map((id, index) => ({ withdrawal_id: id, position: index + 1 })));
    const audit = await t.database.db
      .selectFrom('audit_log')
      .selectAll()
      .where('target_id', '=', batch._id)
      .executeTakeFirstOrThrow();
    expect(audit).toMatchObject({
      action: 'PAYOUT_BATCH_CREATED',
      target_type: 'PAYOUT_BATCH',
      actor_id: administrator.id,
    });
    expect(audit.after).toEqual({ withdrawals: 3, total: '112.35000000' });
    // The member still sees them pending.
    const statuses = await t.database.db.selectFrom('withdrawals').select('status').where('id', 'in', ids).execute();
    expect(statuses.every((row) => row.status === 'PENDING')).toBe(true);
  });

  it('takes every pending withdrawal the filter matches that is in no open batch', async () => {
    const wanted = await createMember(t.database.db, { email: 'filtered.payee@example.test' });
    const other = await createMember(t.database.db);
    const [batched, ...free] = await seedPendingWithdrawals(t.database.db, wanted, ['5', '6', '7', '8']);
    await seedPendingWithdrawals(t.database.db, other, ['9']);
    await batchOf(t.app, administrator, [batched as string]);
    const [decided] = free.splice(0, 1);
    expect(
      (await decide(t.app, administrator, decided as string, { status: 'APPROVED', transactionHash: someHash() }))
        .statusCode,
    ).toBe(200);

    const answer = await createBatch(t.app, administrator, {
      filter: { search: 'filtered.payee', status: 'PENDING' },
    });
    expect(answer.statusCode).toBe(200);
    expect(answer.json().data).toMatchObject({ count: 2, total: 15 });
    expect((await linesOf(answer.json().data._id)).map((line) => line.withdrawal_id)).toEqual(free);

    const again = await createBatch(t.app, administrator, { filter: { search: 'filtered.payee' } });
    expect(again.json()).toMatchObject({ errorCode: 'PAYOUT_BATCH_EMPTY' });
    expect(again.statusCode).toBe(409);
  });

  it('refuses, naming it, a withdrawal that is decided, already batched or unknown, and batches nothing', async () => {
    const member = await createMember(t.database.db);
    const [first, second, third] = await seedPendingWithdrawals(t.database.db, member, ['1', '2', '3']);
    await batchOf(t.app, administrator, [first as string]);
    await decide(t.app, administrator, second as string, { status: 'REJECTED', reason: 'Wrong wallet' });
    const unknown = crypto.randomUUID();
    const batchesBefore = await t.database.db.selectFrom('payout_batches').select('id').execute();

    const batched = await createBatch(t.app, administrator, { withdrawalIds: [third, first] });
    expect(batched.statusCode).toBe(409);
    expect(batched.json()).toMatchObject({
      errorCode: 'WITHDRAWAL_ALREADY_BATCHED',
      message: expect.stringContaining(first as string),
      data: {
        errors: [{ field: 'withdrawalIds.1', message: `Withdrawal ${first} is already in an open payout batch` }],
      },
    });

    const processed = await createBatch(t.app, administrator, { withdrawalIds: [third, second] });
    expect(processed.statusCode).toBe(409);
    expect(processed.json()).toMatchObject({
      errorCode: 'WITHDRAWAL_ALREADY_PROCESSED',
      message: expect.stringContaining(second as string),
      data: { errors: [{ field: 'withdrawalIds.1', message: `Withdrawal ${second} is no longer pending` }] },
    });

    const missing = await createBatch(t.app, administrator, { withdrawalIds: [unknown, first, third] });
    expect(missing.statusCode).toBe(404);
    expect(missing.json()).toMatchObject({
      errorCode: 'WITHDRAWAL_NOT_FOUND',
      message: expect.stringContaining(unknown),
    });
    expect(missing.json().data.errors).toEqual([
      { field: 'withdrawalIds.0', message: `Withdrawal ${unknown} does not exist` },
      { field: 'withdrawalIds.1', message: `Withdrawal ${first} is already in an open payout batch` },
    ]);

    expect(await t.database.db.selectFrom('payout_batches').select('id').execute()).toEqual(batchesBefore);
  });

  it('answers hostile input with VALIDATION_ERROR: no ids, too many, not uuids, both or neither of ids and filter', async () => {
    const tooMany = Array.from({ length: maxBatchWithdrawals + 1 }, () => crypto.randomUUID());
    for (const payload of [
      { withdrawalIds: [] },
      { withdrawalIds: tooMany },
      { withdrawalIds: ['not-a-uuid'] },
      { withdrawalIds: ["1' OR '1'='1"] },
      { withdrawalIds: [crypto.randomUUID()], filter: {} },
      {},
      { filter: { status: 'APPROVED' } },
      { filter: { search: 'x' }, extra: true },
    ]) {
      const answer = await createBatch(t.app, administrator, payload);
      expect(answer.statusCode, JSON.stringify(payload).slice(0, 80)).toBe(400);
      expect(answer.json().errorCode).toBe('VALIDATION_ERROR');
    }
  });

  it('refuses a filter that matches more than 100,000 withdrawals, before any line is written', async () => {
    const member = await createMember(t.database.db, { email: 'very.many@example.test' });
    await seedPendingWithdrawalsWithoutTriggers(
      t.database.db,
      member,
      Array.from({ length: maxBatchWithdrawals + 1 }, () => '0.01'),
    );
    const answer = await createBatch(t.app, administrator, { filter: { search: 'very.many' } });
    expect(answer.statusCode).toBe(400);
    expect(answer.json().errorCode).toBe('PAYOUT_BATCH_TOO_LARGE');
  }, 300_000);

  it('is for administrators only', async () => {
    const member = await createMember(t.database.db);
    const [id] = await seedPendingWithdrawals(t.database.db, member, ['1']);
    const answer = await t.app.inject({
      method: 'POST',
      url: '/api/withdrawals/admin/batches',
      headers: sessionHeaders(t.app, member),
      payload: { withdrawalIds: [id] },
    });
    expect(answer.statusCode).toBe(403);
    expect(
      await t.database.db
        .selectFrom('payout_batch_withdrawals')
        .select('batch_id')
        .where('withdrawal_id', '=', id as string)
        .execute(),
    ).toEqual([]);
  });
});
